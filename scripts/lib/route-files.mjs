// Route path -> the source file of its screen, read from the one table the router uses
// (src/client/app/route-files.ts): for the build's per-route preloads and for `npm run size`.
import fs from 'node:fs';
import path from 'node:path';

export function readRouteFiles(root) {
  const table = fs.readFileSync(path.join(root, 'src/client/app/route-files.ts'), 'utf8');
  const routes = [...table.matchAll(/'([^']+)': \(\) => import\('\.\.\/(routes\/[^']+)'\)/g)].map(
    ([, route, file]) => ({ route, source: `src/client/${file}` }),
  );
  if (routes.length === 0) throw new Error('No routes found in src/client/app/route-files.ts');
  return routes;
}
