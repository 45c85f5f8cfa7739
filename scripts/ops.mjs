// `npm run admin|backup|restore -- ...`: operations on the server machine (docs/deploy.md,
// "Operations"), with the same configuration as the server (.env, then the environment). They
// run the built server code, as `npm start` does, so a production install needs no build tools.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, isStale, root } from './lib/build.mjs';

const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

try {
  // Quietly: `npm run admin -- status --json` must print only JSON on stdout.
  if (isStale('server')) process.stderr.write('Building the server first...\n');
  buildIfStale({ only: 'server', quiet: true });
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'dist/server/server/ops/main.js')).href);
