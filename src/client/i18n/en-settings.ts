/**
 * The English words of /settings: a catalogue of their own, loaded with that screen's code, so
 * that the first screens do not carry them (docs/architecture.md, "Languages"). Plain words, as
 * a student says them: what each choice does to their data, their downloads and what they did
 * offline. A key added here and missing from hi-settings.ts fails `npm run typecheck`.
 */
export const enSettings = {
  'settings.lead':
    'How EduPortal uses this device and its internet connection. Your choices stay on this device.',
  'settings.dataSaver': 'Data saver',
  'settings.dataSaver.auto':
    'Auto: on when this device asks to save data, or the connection is very slow (2G)',
  'settings.dataSaver.on': 'On',
  'settings.dataSaver.off': 'Off',
  'settings.dataSaver.what':
    'Data saver spends less of your mobile data: videos start in the smallest quality and load only when you press play, pictures come smaller, pages you have not opened are not fetched ahead of time, and lists are not refreshed by themselves.',
  'settings.dataSaver.nowOn': 'Data saver is on now.',
  'settings.dataSaver.nowOff': 'Data saver is off now.',
  'settings.saved': 'Pages kept for offline use',
  'settings.saved.reading': 'Looking at what is kept on this device…',
  'settings.saved.none': 'No page of EduPortal is kept on this device yet.',
  'settings.saved.size': 'EduPortal’s pages take {size} on this device, so they open without a connection.',
  'settings.saved.saverOff':
    'With data saver off, your first visit keeps every page on this device, so all of them open without a connection.',
  'settings.saved.saverOffSize':
    'With data saver off, your first visit keeps every page on this device ({size} in all), so all of them open without a connection.',
  'settings.saved.saverOn':
    'With data saver on, only the pages you open are kept. The others need a connection the first time you open them.',
  'settings.send': 'Send waiting actions',
  'settings.send.any': 'On any connection',
  'settings.send.wifi': 'Only on Wi-Fi',
  'settings.send.what':
    'Likes, comments, tweets and messages you make without a connection wait in the Outbox. “Only on Wi-Fi” keeps them waiting while you are on mobile data. “Send now” in the Outbox sends them at once.',
  'settings.downloads': 'Downloads',
  'settings.downloads.label': 'Save downloads only on Wi-Fi',
  'settings.downloads.what':
    'A download is a video you keep on this device with “Save for offline”, to watch with no connection. With this ticked, saving waits while you are on mobile data and goes on by itself on Wi-Fi.',
  'settings.cannotTell':
    'This browser does not say whether it is on Wi-Fi or mobile data, so here this works as on any connection.',
} as const;

export type SettingsKey = keyof typeof enSettings;
export type SettingsCatalogue = { readonly [K in SettingsKey]: string };
