// `npm run size`: the JavaScript and CSS (gzip) that each route loads before it is interactive:
// the entry chunk, the route's own chunk and everything they import statically. Fails when `/`
// loads more than 130 KB of JavaScript or any route more than 170 KB (issue budgets).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfStale, root } from './lib/build.mjs';

const BUDGET_HOME_KB = 130;
const BUDGET_ROUTE_KB = 170;

buildIfStale();
const dist = path.join(root, 'dist/client');
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

/** Every file a manifest entry loads at once: itself, its static imports (recursively) and their CSS. */
function closure(key, js = new Set(), css = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest`);
  if (js.has(entry.file)) return { js, css };
  js.add(entry.file);
  for (const c of entry.css ?? []) css.add(c);
  for (const imported of entry.imports ?? []) closure(imported, js, css);
  return { js, css };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = routes.map(({ route, source }) => {
  const { js, css } = closure('index.html');
  closure(source, js, css);
  const jsBytes = [...js].reduce((sum, f) => sum + gzipped(f), 0);
  const cssBytes = [...css].reduce((sum, f) => sum + gzipped(f), 0);
  const budget = route === '/' ? BUDGET_HOME_KB : BUDGET_ROUTE_KB;
  return { route, jsBytes, cssBytes, budget, ok: jsBytes <= budget * 1024 };
});

const width = Math.max(...rows.map((r) => r.route.length));
process.stdout.write(`${'route'.padEnd(width)}  JS gzip KB  CSS gzip KB  budget KB\n`);
for (const r of rows) {
  process.stdout.write(
    `${r.route.padEnd(width)}  ${kb(r.jsBytes).padStart(10)}  ${kb(r.cssBytes).padStart(11)}  ${String(r.budget).padStart(9)}${r.ok ? '' : '  OVER BUDGET'}\n`,
  );
}
const over = rows.filter((r) => !r.ok);
if (over.length > 0) {
  process.stdout.write(`\n${over.length} route(s) over budget: ${over.map((r) => r.route).join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(
  `\nAll ${rows.length} routes within budget (/ at most ${BUDGET_HOME_KB} KB, others ${BUDGET_ROUTE_KB} KB of gzip JavaScript).\n`,
);
