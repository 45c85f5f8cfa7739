import { SCREENS_SIZE_URL, SETTINGS_CACHE } from '../../../shared/network-policy.ts';

export interface SavedFiles {
  files: number;
  bytes: number;
  /** What the screens' files weigh in all, as the worker listed them (unknown before it did). */
  screensBytes?: number;
}

/**
 * What the service worker keeps of the app itself on this device (the screens' code, styles and
 * images, precached or kept once opened): Settings says it (docs/offline.md, "Data saver").
 * Saved answers and images of the API are counted apart by the browser's own storage settings.
 */
export async function savedAppFiles(): Promise<SavedFiles> {
  if (typeof caches === 'undefined') return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const name of await caches.keys()) {
    if (name === SETTINGS_CACHE || !/precache|app-files/.test(name)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const answer = await cache.match(request);
      if (!answer) continue;
      files += 1;
      const length = Number(answer.headers.get('content-length'));
      bytes += Number.isFinite(length) && length > 0 ? length : (await answer.blob()).size;
    }
  }
  let screensBytes: number | undefined;
  try {
    const answer = await (await caches.open(SETTINGS_CACHE)).match(SCREENS_SIZE_URL);
    if (answer) screensBytes = ((await answer.json()) as { bytes?: number }).bytes;
  } catch {
    // No size yet: Settings says it without a number.
  }
  return { files, bytes, ...(screensBytes ? { screensBytes } : {}) };
}
