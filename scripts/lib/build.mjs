// Builds the client and the server when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');

const targets = {
  client: {
    output: 'dist/client/index.html',
    inputs: [
      'index.html',
      'vite.config.ts',
      'scripts/vite',
      'src/client',
      'src/shared',
      'sw',
      'public',
      'package-lock.json',
    ],
    command: [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  },
  server: {
    output: 'dist/server/server/main.js',
    inputs: ['src/server', 'src/shared', 'tsconfig.server.json', 'tsconfig.base.json', 'package-lock.json'],
    command: [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'],
  },
};

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function isStale(name) {
  const { output, inputs } = targets[name];
  const out = path.join(root, output);
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

/** Builds what is stale (of `only`, when named); throws when a build fails. */
export function buildIfStale({ quiet = false, only = undefined } = {}) {
  for (const name of Object.keys(targets)) {
    if ((only && name !== only) || !isStale(name)) continue;
    // A production install (npm ci --omit=dev) has no build tools: say what to do instead of a
    // stack trace from a missing module.
    if (!fs.existsSync(targets[name].command[0])) {
      throw new Error(
        `The ${name} build is missing or older than its sources, and the build tools are not installed ` +
          '(a production install). Run `npm ci && npm run build` first, then `npm ci --omit=dev` (docs/deploy.md).',
      );
    }
    if (!quiet)
      process.stdout.write(`Building the ${name} (its build is missing or older than its sources)...\n`);
    const started = Date.now();
    // A production build whoever calls it: under a test runner NODE_ENV is "test", which would
    // give React's development build and leave the service worker unregistered.
    const result = spawnSync(process.execPath, targets[name].command, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0)
      throw new Error(`The ${name} build failed (exit ${result.status ?? result.signal}).`);
    // Touch the output so that a build that changed nothing still counts as fresh.
    const now = new Date();
    fs.utimesSync(path.join(root, targets[name].output), now, now);
    if (!quiet)
      process.stdout.write(`Built the ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  }
}
