// `npm run size`: the JavaScript and CSS (gzip) that each route loads before it is interactive.
// Fails when `/` loads more than 130 KB of JavaScript or any route more than 170 KB.
import { buildIfStale } from './lib/build.mjs';
import { routeSizes } from './lib/size.mjs';

const BUDGET_HOME_KB = 130;
const BUDGET_ROUTE_KB = 170;

buildIfStale();
const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = routeSizes().map((r) => {
  const budget = r.route === '/' ? BUDGET_HOME_KB : BUDGET_ROUTE_KB;
  return { ...r, budget, ok: r.jsBytes <= budget * 1024 };
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
