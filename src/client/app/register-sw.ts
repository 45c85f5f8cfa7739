import { Workbox } from 'workbox-window';

/**
 * Registers the service worker built from sw/. A new version waits until the user agrees to
 * reload (the prompt comes with the offline-first work); it never swaps under their feet.
 */
export function registerServiceWorker(): Workbox {
  const wb = new Workbox('/sw.js');
  void wb.register();
  return wb;
}
