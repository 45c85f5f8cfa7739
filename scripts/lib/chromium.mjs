// Finding (and, as root on Debian, installing) the Chromium that the end-to-end tests drive.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** CHROMIUM_PATH if set, else the usual Debian and Chrome locations; undefined when none exists. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((p) => fs.existsSync(p));
}

export const INSTALL_HINT =
  'Install it with `apt-get install -y chromium` (Debian/Ubuntu, as root), or point CHROMIUM_PATH at a Chromium or Chrome binary.';

/** Installs Debian's chromium when running as root on a machine with apt-get. */
export function tryInstallChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  process.stdout.write("Chromium was not found; installing Debian's chromium package (running as root)...\n");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (!install()) return false;
  }
  return findChromium() !== undefined;
}
