/**
 * A yes/no flag in localStorage that decides, at start, whether some code needs loading at all
 * (unfinished uploads or downloads: docs/offline.md). Reading it loads nothing.
 */
export function localFlag(key: string): { set(on: boolean): void; isSet(): boolean } {
  return {
    set(on) {
      try {
        if (on) localStorage.setItem(key, '1');
        else localStorage.removeItem(key);
      } catch {
        // Storage may be refused (private mode); the work still runs in this page.
      }
    },
    isSet() {
      try {
        return localStorage.getItem(key) !== null;
      } catch {
        // When storage cannot be read, assume there may be something to do.
        return true;
      }
    },
  };
}
