/**
 * The English catalogue: every piece of UI text, and the source of the keys (docs/architecture.md,
 * "Languages"). A key added here and missing from hi.ts fails `npm run typecheck`. `{name}` is
 * filled in by `t`; an object holds a count's plural forms, chosen by `plural`.
 */
export const en = {
  // The top bar, the footer and the layout
  'layout.skip': 'Skip to content',
  'layout.loading': 'Loading',
  'nav.main': 'Main',
  'nav.yours': 'Your pages',
  'nav.home': 'Home',
  'nav.courses': 'Courses',
  'nav.blog': 'Blog',
  'nav.instructor': 'Become an Instructor',
  'nav.contact': 'Contact',
  'nav.login': 'Login / Register',
  'nav.dashboard': 'Dashboard',
  'nav.myVideos': 'My Videos',
  'nav.upload': 'Upload Video',
  'nav.account': 'My Account',
  'nav.tweets': 'Tweets',
  'nav.myTweets': 'My Tweets',
  'nav.subscriptions': 'My Subscriptions',
  'nav.settings': 'Settings',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.logout': 'Logout',
  'nav.signingOut': 'Signing out…',
  'nav.notSignedOut': 'You were not signed out',
  'nav.breadcrumb': 'Breadcrumb',
  'language.label': 'Language',
  'language.choose': 'Choose a language',
  'connection.offline': 'Offline',
  'connection.back': 'Back online',
  'outboxBadge.name': 'Outbox',
  'outboxBadge.empty': 'Outbox: nothing waiting',
  'outboxBadge.waiting': { one: 'Outbox: {n} waiting', other: 'Outbox: {n} waiting' },
  'outboxBadge.waitingFailed': {
    one: 'Outbox: {n} waiting, some not sent',
    other: 'Outbox: {n} waiting, some not sent',
  },
  'footer.about': 'About EduPortal',
  'footer.about1': 'Students can register with a mobile number and a national ID card.',
  'footer.about2':
    'Students from weak financial backgrounds can use net cafes and Wi-Fi centres that tie up with EduPortal.',
  'footer.about3': 'A school module lets a school buy yearly access for all its students.',
  'footer.about4': 'EduPortal helps with education and extracurricular skills.',
  'footer.links': 'Links',
  'footer.follow': 'Follow us',
  'footer.email': 'E-mail',
  'start.failed': 'EduPortal could not finish loading. Check your connection, then reload the page.',
  // The outbox (src/shared/outbox/kinds.ts names each action's message)
  'outbox.title': 'Outbox',
  'outbox.lead': 'What you did offline, waiting to reach the server.',
  'outbox.reading': 'Reading what waits on this device…',
  'outbox.empty': 'Nothing is waiting: everything you did has reached the server.',
  'outbox.saved': {
    one: '{n} action is saved on this device.',
    other: '{n} actions are saved on this device.',
  },
  'outbox.next.online.all': {
    one: 'It is sent as soon as the server answers.',
    other: 'They are sent as soon as the server answers.',
  },
  'outbox.next.online.some': {
    one: 'One of them is sent as soon as the server answers.',
    other: '{n} of them are sent as soon as the server answers.',
  },
  'outbox.next.offline.all': {
    one: 'It will be sent when the connection returns, even if you close the app.',
    other: 'They will be sent when the connection returns, even if you close the app.',
  },
  'outbox.next.offline.some': {
    one: 'One of them will be sent when the connection returns, even if you close the app.',
    other: '{n} of them will be sent when the connection returns, even if you close the app.',
  },
  'outbox.next.wifi.all': {
    one: 'It waits for Wi-Fi (Settings: Only on Wi-Fi). Send now sends it on mobile data.',
    other: 'They wait for Wi-Fi (Settings: Only on Wi-Fi). Send now sends them on mobile data.',
  },
  'outbox.next.wifi.some': {
    one: 'One of them waits for Wi-Fi (Settings: Only on Wi-Fi). Send now sends it on mobile data.',
    other: '{n} of them wait for Wi-Fi (Settings: Only on Wi-Fi). Send now sends them on mobile data.',
  },
  'outbox.refused.all': {
    one: 'The server refused it: fix what it says and retry, or discard.',
    other: 'The server refused them: fix what it says and retry, or discard.',
  },
  'outbox.refused.some': {
    one: '{n} was refused by the server: see below.',
    other: '{n} were refused by the server: see below.',
  },
  'outbox.state.failed': 'Not sent: {error}',
  'outbox.state.sending': 'Sending…',
  'outbox.state.offline': 'Waiting for a connection',
  'outbox.state.wifi': 'Waiting for Wi-Fi',
  'outbox.state.retry': {
    one: 'Waiting: tried {n} time, next try at {time}',
    other: 'Waiting: tried {n} times, next try at {time}',
  },
  'outbox.state.waiting': 'Waiting to be sent',
  'outbox.sendNow': 'Send now',
  'outbox.sending': 'Sending…',
  'outbox.retry': 'Retry',
  'outbox.discard': 'Discard',
  'outbox.discardConfirm': 'Discard “{what}”? It will not be sent.',
  'outbox.kind.like.v': 'Like a video',
  'outbox.kind.like.v.about': 'Like the video “{about}”',
  'outbox.kind.like.c': 'Like a comment',
  'outbox.kind.like.c.about': 'Like the comment “{about}”',
  'outbox.kind.like.t': 'Like a tweet',
  'outbox.kind.like.t.about': 'Like the tweet “{about}”',
  'outbox.kind.unlike.v': 'Remove your like from a video',
  'outbox.kind.unlike.v.about': 'Remove your like from the video “{about}”',
  'outbox.kind.unlike.c': 'Remove your like from a comment',
  'outbox.kind.unlike.c.about': 'Remove your like from the comment “{about}”',
  'outbox.kind.unlike.t': 'Remove your like from a tweet',
  'outbox.kind.unlike.t.about': 'Remove your like from the tweet “{about}”',
  'outbox.kind.subscribe': 'Subscribe to a channel',
  'outbox.kind.unsubscribe': 'Unsubscribe from a channel',
  'outbox.kind.comment.create': 'Comment on a video',
  'outbox.kind.comment.delete': 'Delete a comment',
  'outbox.kind.tweet.create': 'New tweet',
  'outbox.kind.tweet.update': 'Edit of a tweet',
  'outbox.kind.tweet.delete': 'Delete a tweet',
  'outbox.kind.contact': 'Contact message from {name}',
  // Settings (docs/product.md, "Settings")
  'settings.title': 'Settings',
  'settings.lead': 'How EduPortal uses this device and its connection. Kept on this device.',
  'settings.dataSaver': 'Data saver',
  'settings.dataSaver.auto': 'Auto (on when your phone asks to save data or the connection is 2G)',
  'settings.dataSaver.on': 'On',
  'settings.dataSaver.off': 'Off',
  'settings.dataSaver.what':
    'When on: videos start in the lowest quality and are not loaded before you press play, screens you have not opened are not downloaded in advance, and lists are not refreshed in the background.',
  'settings.dataSaver.nowOn': 'Data saver is on now.',
  'settings.dataSaver.nowOff': 'Data saver is off now.',
  'settings.saved': 'Saved for offline use',
  'settings.saved.reading': 'Counting what is saved on this device…',
  'settings.saved.none': 'Nothing of the app is saved on this device yet.',
  'settings.saved.files': {
    one: '{n} file of the app ({size}) is saved on this device, so its screens open offline.',
    other: '{n} files of the app ({size}) are saved on this device, so its screens open offline.',
  },
  'settings.saved.saverOff':
    'With data saver off, the first visit downloads every screen in the background (about 320 KB), so that all of them open offline.',
  'settings.saved.saverOn':
    'With data saver on, only the screens you open are saved: the others are not downloaded in advance and need a connection the first time.',
  'settings.send': 'Send waiting actions',
  'settings.send.any': 'On any connection',
  'settings.send.wifi': 'Only on Wi-Fi',
  'settings.send.what':
    'Likes, comments and other actions you made offline wait in the Outbox. Only on Wi-Fi holds them back while the phone is on mobile data; Send now in the Outbox sends them at once.',
  'settings.cannotTell':
    'This browser cannot tell Wi-Fi from mobile data, so here this works as on any connection.',
  'settings.downloads': 'Downloads',
  'settings.downloads.label': 'Save downloads only on Wi-Fi',
} as const;

type English = typeof en;
/** The plural forms a count's message has; "other" is always there. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string };
/** What every language must give: a string for each message, plural forms for each count. */
export type Catalogue = { readonly [K in keyof English]: English[K] extends string ? string : PluralForms };
export type MessageKey = { [K in keyof English]: English[K] extends string ? K : never }[keyof English];
export type PluralKey = Exclude<keyof English, MessageKey>;
