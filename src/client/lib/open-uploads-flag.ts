/**
 * A flag in localStorage, set while an upload is unfinished on this device: the app loads its
 * upload code (its IndexedDB database, tus-js-client) at start only when there is something to
 * resume (docs/offline.md, "Uploads"). A module of its own, so that reading it loads nothing.
 */
const KEY = 'eduportal-open-uploads';

export function setOpenUploads(open: boolean): void {
  try {
    if (open) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be refused (private mode); the uploads still run in this page.
  }
}

/** Whether uploads may be open; when storage cannot be read, assume they may. */
export function hasOpenUploads(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return true;
  }
}
