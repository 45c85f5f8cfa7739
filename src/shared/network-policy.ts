/**
 * The device's settings about data and the network (docs/product.md, "Settings"), and the one
 * rule that decides whether waiting actions may go out now. The page's drain and the service
 * worker's (sw/outbox-sync.ts) both ask `holdsBack`.
 */

/** "Data saver": Auto follows the browser (Save-Data, or a 2G link). localStorage, on the page. */
export const DATA_SAVER_KEY = 'eduportal-data-saver';
export type DataSaverSetting = 'auto' | 'on' | 'off';

/** "Send waiting actions": on any connection (the default), or only on Wi-Fi. localStorage. */
export const SEND_SETTING_KEY = 'eduportal-send-waiting';
export type SendSetting = 'any' | 'wifi-only';

/**
 * "Save downloads only on Wi-Fi": '1' in localStorage when on, absent otherwise. Downloads read
 * it under this name, with the same rule as `holdsBack`.
 */
export const DOWNLOADS_WIFI_ONLY_KEY = 'eduportal-downloads-wifi-only';

/**
 * What the worker needs of the page's settings, which it cannot read from localStorage: the page
 * writes it into this cache at start and on every change (src/client/lib/settings.ts).
 */
export const SETTINGS_CACHE = 'eduportal-settings-v1';
export const SETTINGS_URL = '/__eduportal/settings.json';
/** Written by the worker: what the screens not yet opened weigh, `{ files, bytes }` (Settings says it). */
export const SCREENS_SIZE_URL = '/__eduportal/screens.json';
export interface WorkerSettings {
  send: SendSetting;
  /** Data saver as the page resolved it (Auto included) when it last wrote this. */
  dataSaver: boolean;
  /** The connection type the page's browser last reported (a worker may not see one itself). */
  connectionType?: string;
  /** The language on show: with data saver on, the worker keeps only that language's words. */
  language?: 'en' | 'hi';
}

/**
 * Whether the browser says this link is mobile data. Only `type` tells (Chrome on Android and
 * ChromeOS); where it is missing or unknown, the browser cannot tell Wi-Fi from mobile data.
 */
export const isMobileData = (connectionType: string | undefined): boolean => connectionType === 'cellular';

/** Whether the browser can tell Wi-Fi from mobile data at all (the Settings screen says so when not). */
export const canTellWifi = (connectionType: string | undefined): boolean =>
  connectionType !== undefined && connectionType !== 'unknown';

/**
 * The rule of product-additions.md: "Only on Wi-Fi" holds automatic sending back only while the
 * browser reports mobile data; on Wi-Fi, a cable, or a connection it cannot name, actions go.
 * "Send now" on /outbox ignores it.
 */
export const holdsBack = (setting: SendSetting, connectionType: string | undefined): boolean =>
  setting === 'wifi-only' && isMobileData(connectionType);
