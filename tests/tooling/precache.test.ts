import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIfStale, root } from '../../scripts/lib/build.mjs';

// The service worker's precache listed icon-512 (and the other manifest
// icons, and the manifest) twice: once from the build's files, once from the manifest's icons.
describe('the service worker’s precache list', () => {
  it('names every file once, and none of the routes’ own pages', { timeout: 120_000 }, () => {
    buildIfStale({ quiet: true });
    const sw = fs.readFileSync(path.join(root, 'dist/client/sw.js'), 'utf8');
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map(([, url]) => url!);
    expect(urls).toContain('icons/icon-512.png');
    // The worker's shell for every navigation; not the home page's own page (it has the home
    // screen prerendered and preloaded in it), nor what the server renders with.
    expect(urls).toContain('shell.html');
    expect(urls).not.toContain('index.html');
    expect(urls.filter((url) => url.startsWith('ssr/'))).toEqual([]);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
    expect(urls.filter((url) => url.startsWith('pages/'))).toEqual([]);
  });
});
