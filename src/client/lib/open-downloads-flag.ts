/**
 * A flag in localStorage, set while a download is unfinished on this device: the app loads its
 * download code (an IndexedDB database of its own) at start only when there is something to go
 * on with (docs/offline.md, "Saved videos"). A module of its own, so that reading it loads nothing.
 */
const KEY = 'eduportal-open-downloads';

export function setOpenDownloads(open: boolean): void {
  try {
    if (open) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be refused (private mode); downloads still run in this page.
  }
}

/** Whether downloads may be open; when storage cannot be read, assume they may. */
export function hasOpenDownloads(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return true;
  }
}
