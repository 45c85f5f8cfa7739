// The fonts the manifest's screenshots (scripts/make-screenshots.mjs) were made with, which the
// journey that compares them with the live app needs: Debian's fonts-noto-core, whose Noto Sans
// also becomes Chromium's default sans-serif. Finding them, and, as root on Debian, installing
// them, as chromium.mjs does for the browser.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// SCREENSHOT_FONTS_DIR points elsewhere, for a system that keeps Noto in another folder (and for
// checking what happens without the fonts).
const NOTO = process.env.SCREENSHOT_FONTS_DIR || '/usr/share/fonts/truetype/noto';
const NEEDED = ['NotoSans-Regular.ttf', 'NotoSansDevanagari-Regular.ttf'];

/** Whether the screenshots' fonts are installed. */
export function hasScreenshotFonts() {
  return NEEDED.every((file) => fs.existsSync(`${NOTO}/${file}`));
}

export const FONTS_HINT =
  'The manifest-screenshot journey needs the fonts its pictures were made with: install them with `apt-get install -y fonts-noto-core` (Debian/Ubuntu, as root).';

/** Installs Debian's fonts-noto-core when running as root on a machine with apt-get. */
export function tryInstallFonts() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  process.stdout.write(
    "The screenshots' fonts were not found; installing Debian's fonts-noto-core (running as root)...\n",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', 'fonts-noto-core'], { stdio: 'inherit', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (!install()) return false;
  }
  return hasScreenshotFonts();
}
