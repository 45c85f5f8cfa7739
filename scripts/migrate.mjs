// `npm run migrate`: migrates the configured database (DATABASE_URL, else DATA_DIR's SQLite file)
// and exits. A deploy of several instances runs it once, then starts them with
// MIGRATE_AT_START=false (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './lib/build.mjs';

const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

try {
  buildIfStale({ only: 'server' });
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'dist/server/server/migrate-main.js')).href);
