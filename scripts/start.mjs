// `npm start`: build what is missing or stale, then run the one server process that serves the
// app and /api/v1 (see README.md for its configuration).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { buildIfStale, root } from './lib/build.mjs';

// Settings from .env, when there is one; variables already set in the environment win.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

try {
  buildIfStale();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'dist/server/server/main.js')).href);
