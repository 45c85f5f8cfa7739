// `npm start`: build what is missing or stale, then run the one server process that serves the
// app and /api/v1 (see README.md for its configuration).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { buildIfStale, root } from './lib/build.mjs';

// Settings from .env, when there is one; variables already set in the environment win.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

// Under `npm start` this process is not npm's child but a shell's (npm runs `sh -c`). npm passes
// SIGTERM and SIGINT to that shell only, and SIGHUP to no one: the shell or npm dies and this
// process, the server, would be left running, orphaned. So, when a package manager started it,
// the server stops as on SIGTERM (the shutdown in main.ts) once its parent is gone, or once the
// shell between it and npm has lost npm. Run directly (`node scripts/start.mjs &`), a parent that
// ends is no reason to stop, so nothing is watched.
if (process.env.npm_lifecycle_event) {
  /** A process's parent, read from /proc (Linux); undefined elsewhere or when it is gone. */
  const parentOf = (pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return undefined;
    }
  };
  const isShell = (pid) => {
    try {
      return /^(sh|dash|bash|zsh|ash|busybox)$/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
    } catch {
      return false;
    }
  };
  const parent = process.ppid;
  const packageManager = isShell(parent) ? parentOf(parent) : undefined;
  const watch = setInterval(() => {
    const orphaned =
      process.ppid !== parent || (packageManager !== undefined && parentOf(parent) !== packageManager);
    if (!orphaned) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 200);
  watch.unref();
}

try {
  buildIfStale();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'dist/server/server/main.js')).href);
