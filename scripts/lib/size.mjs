// The JavaScript and CSS (gzip bytes) each route loads before it is interactive: the entry chunk,
// the route's own chunk and everything they import statically, read from Vite's build manifest,
// and whatever the route's page preloads (scripts/vite/preload-start-chunks.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './build.mjs';
import { readRouteFiles } from './route-files.mjs';

export function routeSizes(dist = path.join(root, 'dist/client')) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const routes = readRouteFiles(root);
  // Which page the server answers for each route (written by the build).
  const pages = JSON.parse(fs.readFileSync(path.join(dist, 'pages.json'), 'utf8'));

  const gzipSizes = new Map();
  const gzipped = (file) => {
    if (!gzipSizes.has(file))
      gzipSizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gzipSizes.get(file);
  };
  const closure = (key, js = new Set(), css = new Set()) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the build manifest`);
    if (js.has(entry.file)) return { js, css };
    js.add(entry.file);
    for (const c of entry.css ?? []) css.add(c);
    for (const imported of entry.imports ?? []) closure(imported, js, css);
    return { js, css };
  };
  return routes.map(({ route, source }) => {
    // The page the server answers for this route: what it preloads, the route downloads.
    const html = fs.readFileSync(path.join(dist, pages[route] ?? 'index.html'), 'utf8');
    const linked = (pattern) => [...html.matchAll(pattern)].map(([, href]) => href.replace(/^\//, ''));
    const preloadedJs = linked(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g);
    const preloadedCss = linked(/<link rel="preload" as="style"[^>]*? href="([^"]+)"/g);
    const { js, css } = closure('index.html');
    for (const file of preloadedJs) js.add(file);
    for (const file of preloadedCss) css.add(file);
    closure(source, js, css);
    return {
      route,
      jsBytes: [...js].reduce((sum, f) => sum + gzipped(f), 0),
      cssBytes: [...css].reduce((sum, f) => sum + gzipped(f), 0),
    };
  });
}
