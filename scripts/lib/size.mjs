// The JavaScript and CSS (gzip bytes) each route loads before it is interactive: the entry chunk,
// the route's own chunk and everything they import statically, read from Vite's build manifest,
// and whatever index.html has every page preload (the home screen's chunk, see vite.config.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './build.mjs';

export function routeSizes(dist = path.join(root, 'dist/client')) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  // Route path -> source file, read from the one table the router uses.
  const table = fs.readFileSync(path.join(root, 'src/client/app/route-files.ts'), 'utf8');
  const routes = [...table.matchAll(/'([^']+)': \(\) => import\('\.\.\/(routes\/[^']+)'\)/g)].map(
    ([, route, file]) => ({
      route,
      source: `src/client/${file}`,
    }),
  );
  if (routes.length === 0) throw new Error('No routes found in src/client/app/route-files.ts');

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
  // index.html is every route's page: what it preloads, every route downloads.
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const linked = (pattern) => [...html.matchAll(pattern)].map(([, href]) => href.replace(/^\//, ''));
  const preloadedJs = linked(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g);
  const preloadedCss = linked(/<link rel="preload" as="style"[^>]*? href="([^"]+)"/g);
  return routes.map(({ route, source }) => {
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
