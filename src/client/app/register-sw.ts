import { Workbox } from 'workbox-window';
import { announceUpdate } from '../lib/app-update.ts';
import { tellWorker } from '../lib/settings.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Registers the service worker built from sw/. A new version installs in the background and
 * then waits: the page shows "reload to update", and only when the user agrees does the worker
 * take over and the page reload, never under their feet (a half-typed comment would be lost).
 */
export function registerServiceWorker(): Workbox {
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    announceUpdate({
      apply() {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  // The worker reads the settings it needs (data saver, Only on Wi-Fi) from a cache the page
  // writes: written first, so its first install already knows whether to save data.
  // A browser that refuses workers (a private window, a policy) keeps the app, without offline.
  void tellWorker()
    .then(() => wb.register())
    .catch(() => undefined);
  // A phone may keep the app open for days: look for a new version now and then, and when the
  // connection comes back.
  const check = () => {
    if (navigator.onLine) void wb.update().catch(() => undefined);
  };
  setInterval(check, HOUR);
  window.addEventListener('online', check);
  return wb;
}
