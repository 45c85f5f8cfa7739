import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.ts';

/** Where journeys leave their screenshots, to be looked at. */
export const shots = path.resolve(import.meta.dirname, '../../.tmp/screenshots');

export const phone: BrowserContextOptions = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const desktop: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };

/** One Chromium for a file's journeys, launched before them and closed after. */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    fs.mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running yet');
    return browser;
  };
}

export const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
