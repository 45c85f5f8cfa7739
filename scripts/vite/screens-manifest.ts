import fs from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/**
 * Marks, in the service worker's precache list, the files that only screens not yet opened need
 * (`screen: true`, with their size in `bytes`): everything under assets/ that the shell does not
 * load or preload. With data saver on, the worker does not download those in advance (sw/sw.ts;
 * docs/offline.md, "Data saver"); it keeps each as its screen is opened, and the Hindi words at
 * install for a student who reads Hindi (they need them to start offline after an update).
 */
export function markScreens(outDir: string): ManifestTransform {
  return async (entries) => {
    // The worker answers every navigation with shell.html, which loads the start alone; index.html
    // is the home screen's page, whose screen files (and pictures) would otherwise count as the
    // start's and be downloaded in advance with data saver on.
    const shell = path.join(outDir, 'shell.html');
    const html = fs.readFileSync(fs.existsSync(shell) ? shell : path.join(outDir, 'index.html'), 'utf8');
    const started = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(([, url]) => url));
    const manifest = entries.map((entry) => {
      const screen = entry.url.startsWith('assets/') && !started.has(entry.url);
      return screen ? { ...entry, screen: true, bytes: entry.size } : entry;
    });
    return { manifest, warnings: [] };
  };
}
