import { chromium, type Browser } from 'playwright-core';
import { findChromium, INSTALL_HINT } from '../../scripts/lib/chromium.mjs';

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`Chromium was not found. ${INSTALL_HINT}`);
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
