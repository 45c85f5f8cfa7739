import {
  canTellWifi,
  DATA_SAVER_KEY,
  DOWNLOADS_WIFI_ONLY_KEY,
  holdsBack,
  SEND_SETTING_KEY,
  SETTINGS_CACHE,
  SETTINGS_URL,
  type DataSaverSetting,
  type SendSetting,
  type WorkerSettings,
} from '../../shared/network-policy.ts';
import { SW_MESSAGES } from '../../shared/offline.ts';
import { storedLanguage } from '../i18n/i18n.ts';
import { connectionInfo, dataSaverOn } from './data-saver.ts';
import { createStore, useStore } from './store.ts';

/**
 * The device's settings (docs/product.md, "Settings"), kept in localStorage, and what follows
 * from them now: a store that changes with a setting or with the connection.
 */

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the setting lasts for this page only.
  }
}

export const dataSaverSetting = (): DataSaverSetting => {
  const value = read(DATA_SAVER_KEY);
  return value === 'on' || value === 'off' ? value : 'auto';
};
export const sendSetting = (): SendSetting => (read(SEND_SETTING_KEY) === 'wifi-only' ? 'wifi-only' : 'any');
export const downloadsWifiOnly = (): boolean => read(DOWNLOADS_WIFI_ONLY_KEY) === '1';

export interface SettingsState {
  dataSaverSetting: DataSaverSetting;
  dataSaver: boolean;
  send: SendSetting;
  downloadsWifiOnly: boolean;
  /** The browser reports Wi-Fi or mobile data (not on most computers, nor outside Chromium). */
  canTellWifi: boolean;
  /** "Only on Wi-Fi" holds waiting actions back at this moment (mobile data). */
  holdingBack: boolean;
}

function current(): SettingsState {
  const type = connectionInfo()?.type;
  return {
    dataSaverSetting: dataSaverSetting(),
    dataSaver: dataSaverOn(),
    send: sendSetting(),
    downloadsWifiOnly: downloadsWifiOnly(),
    canTellWifi: canTellWifi(type),
    holdingBack: holdsBack(sendSetting(), type),
  };
}

const same = (a: SettingsState, b: SettingsState) =>
  (Object.keys(a) as Array<keyof SettingsState>).every((k) => a[k] === b[k]);

export const settings$ = createStore<SettingsState>(current());

/** Reads the settings and the connection again; the worker learns of them too. */
export function refreshSettings(): void {
  const next = current();
  if (!same(next, settings$.get())) settings$.set(next);
  void tellWorker();
}

export const useSettings = (): SettingsState => useStore(settings$);

export function setDataSaver(value: DataSaverSetting): void {
  write(DATA_SAVER_KEY, value === 'auto' ? null : value);
  refreshSettings();
  // Off now: the screens the worker left for later are downloaded (sw/sw.ts).
  if (!settings$.get().dataSaver && typeof navigator !== 'undefined' && navigator.serviceWorker) {
    void navigator.serviceWorker.ready
      .then((registration) => registration.active?.postMessage({ type: SW_MESSAGES.saveScreens }))
      .catch(() => undefined);
  }
}
export function setSendSetting(value: SendSetting): void {
  write(SEND_SETTING_KEY, value === 'any' ? null : value);
  refreshSettings();
}
export function setDownloadsWifiOnly(on: boolean): void {
  write(DOWNLOADS_WIFI_ONLY_KEY, on ? '1' : null);
  refreshSettings();
}

/** Whether the outbox holds its automatic sending back now (the page's drain asks this). */
export const holdingBackNow = (): boolean => holdsBack(sendSetting(), connectionInfo()?.type);

/**
 * The worker cannot read localStorage: what it needs (sw/outbox-sync.ts, sw/sw.ts) is written
 * into a cache of its own.
 */
export async function tellWorker(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const state = settings$.get();
  const body: WorkerSettings = {
    send: state.send,
    dataSaver: state.dataSaver,
    language: storedLanguage(),
    ...(connectionInfo()?.type ? { connectionType: connectionInfo()?.type } : {}),
  };
  try {
    const cache = await caches.open(SETTINGS_CACHE);
    await cache.put(
      SETTINGS_URL,
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    );
  } catch {
    // No Cache Storage (private mode): the worker keeps its defaults (send on any connection).
  }
}

let watching = false;
/** Follows the connection (its type and speed change the settings' effect). Once per page. */
export function watchConnection(onChange?: () => void): void {
  const connection = connectionInfo() as (EventTarget & { type?: string }) | undefined;
  if (!connection?.addEventListener) return;
  if (!watching) {
    watching = true;
    connection.addEventListener('change', refreshSettings);
  }
  if (onChange) connection.addEventListener('change', onChange);
}
