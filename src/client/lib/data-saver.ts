import { DATA_SAVER_KEY, DOWNLOADS_WIFI_ONLY_KEY } from '../../shared/network-policy.ts';

/** The parts of the Network Information API the app reads; Chromium-based browsers have it. */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

export function connectionInfo(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/**
 * Whether to spend as little data as possible: the student's "Data saver" setting (On, Off), or
 * by default (Auto) when the browser asks to save data (the phone's data saver) or the link is
 * 2G (docs/product.md, "Settings").
 */
export function dataSaverOn(): boolean {
  let setting: string | null = null;
  try {
    setting = localStorage.getItem(DATA_SAVER_KEY);
  } catch {
    // Storage refused: Auto.
  }
  if (setting === 'on') return true;
  if (setting === 'off') return false;
  return dataSaverAuto();
}

/** The Auto rule alone: what the browser says about the connection. */
export function dataSaverAuto(): boolean {
  const connection = connectionInfo();
  return (
    connection?.saveData === true ||
    connection?.effectiveType === '2g' ||
    connection?.effectiveType === 'slow-2g'
  );
}

/**
 * Whether downloads must wait: the student asked for Wi-Fi only and the browser reports mobile
 * data. Where the browser cannot tell (no `navigator.connection.type`: Firefox, Safari, and
 * Chromium on a desktop), downloads go ahead, as product-additions.md's rule says.
 */
export function downloadsHeldBack(): boolean {
  let wifiOnly = false;
  try {
    wifiOnly = localStorage.getItem(DOWNLOADS_WIFI_ONLY_KEY) === '1';
  } catch {
    // Storage refused: the setting cannot have been made.
  }
  return wifiOnly && connectionInfo()?.type === 'cellular';
}
