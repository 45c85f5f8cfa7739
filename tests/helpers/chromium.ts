import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { findChromium, INSTALL_HINT } from '../../scripts/lib/chromium.mjs';

const args = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  // This machine has no network but loopback; keep Chromium from reaching out.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function executable(): string {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`Chromium was not found. ${INSTALL_HINT}`);
  return executablePath;
}

/** `extraArgs`: flags of one journey's own (a name mapped to this machine, a CA trusted). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: executable(), headless: true, args: [...args, ...extraArgs] });
}

/** A browser with a profile on disk, as a person's is: what installing an app needs. */
export async function launchPersistentChromium(
  profileDir: string,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: executable(),
    headless: true,
    args,
    ...options,
  });
}
