import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Where Chromium is: CHROMIUM_PATH if set, else the usual Debian and Chrome locations. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((p) => fs.existsSync(p));
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: see README.md, "Tests"');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      // This machine has no network but loopback; keep Chromium from reaching out.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
