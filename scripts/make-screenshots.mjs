// Makes the screenshots the install dialog shows (the manifest's, vite.config.ts) from the real
// app: the home page at 412x915 (narrow) and 1366x768 (wide), as WebP in public/screenshots.
// Run it after the top bar or the home page change:   node scripts/make-screenshots.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { buildIfStale, root } from './lib/build.mjs';
import { findChromium, INSTALL_HINT } from './lib/chromium.mjs';

const executablePath = findChromium();
if (!executablePath) throw new Error(`Chromium was not found. ${INSTALL_HINT}`);
buildIfStale();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-screenshots-'));
const port = 8000 + Math.floor(Math.random() * 1000);
const server = spawn(process.execPath, [path.join(root, 'dist/server/server/main.js')], {
  cwd: root,
  env: {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const url = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/v1/healthcheck`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  try {
    for (const [name, viewport, mobile] of [
      ['home-narrow', { width: 412, height: 915 }, true],
      ['home-wide', { width: 1366, height: 768 }, false],
    ]) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 1,
        isMobile: mobile,
        hasTouch: mobile,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      // The hero stays on its first slide for the picture.
      const pause = page.getByRole('button', { name: /^Pause/ });
      if (await pause.count()) await pause.first().click();
      await page.waitForTimeout(500);
      const png = await page.screenshot();
      const file = path.join(root, 'public/screenshots', `${name}.webp`);
      await sharp(png).webp({ quality: 80 }).toFile(file);
      process.stdout.write(`${path.relative(root, file)}: ${viewport.width}x${viewport.height}\n`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
