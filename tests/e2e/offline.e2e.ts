import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { launchPersistentChromium } from '../helpers/chromium.ts';
import { watchProblems } from '../helpers/page-problems.ts';
import { h1, phone, shots, signUp, uniqueName, useChromium } from '../helpers/e2e.ts';

// The offline journey: a student on a phone with a connection that comes and goes.
const baseURL = inject('baseURL');

const browser = useChromium();

async function tweetsOnServer(context: BrowserContext, content: string): Promise<number> {
  const res = await context.request.get('/api/v1/tweets?limit=100');
  const docs = ((await res.json()) as { data: { docs: Array<{ content: string }> } }).data.docs;
  return docs.filter((t) => t.content === content).length;
}

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** Every image on show has arrived (none broken or still empty). */
async function imagesLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < window.innerHeight)
      .filter((img) => !(img.complete && img.naturalWidth > 0))
      .map((img) => img.currentSrc || img.src),
  );
}

const marketing = [
  ['/', 'Home'],
  ['/courses', 'Courses'],
  ['/blog', 'Blog'],
  ['/instructor', 'Become an Instructor'],
  ['/contact', 'Contact'],
] as const;

describe('offline first, on a phone', () => {
  it('installs: the manifest and worker leave Chromium with no installability error', async () => {
    // Installing needs a browser profile of its own (Chromium will not install from incognito).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-install-'));
    const context = await launchPersistentChromium(profile, { baseURL, ...phone });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await (await context.request.get('/manifest.webmanifest')).json()) as Record<
        string,
        unknown
      >;
      expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'EduPortal' });
      expect(manifest.screenshots).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ form_factor: 'narrow' }),
          expect.objectContaining({ form_factor: 'wide' }),
        ]),
      );
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows every marketing page offline after one visit, images included, by link and by reload', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/');
    await controlled(page);
    for (const [url, title] of marketing) {
      await page.goto(url);
      await expect.poll(() => h1(page).textContent()).toBe(title);
    }

    await context.setOffline(true);
    try {
      for (const [url, title] of marketing) {
        await page.goto(url);
        await expect.poll(() => h1(page).textContent()).toBe(title);
        await page.reload();
        await expect.poll(() => h1(page).textContent()).toBe(title);
        await page.getByRole('banner').getByText('Offline', { exact: true }).waitFor();
        await expect.poll(() => imagesLoaded(page)).toEqual([]);
      }
      await page.screenshot({ path: path.join(shots, 'offline-contact-phone.png'), fullPage: true });
    } finally {
      await context.setOffline(false);
    }
    await page.getByText('Back online').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens signed-in screens offline from their saved copies, says when they were saved, and knows the student', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    const { username } = await signUp(context, 'lata', 'Lata Devi');
    const mine = `Saved for the bus ride ${uniqueName('t')}`;
    expect(
      (
        await context.request.post('/api/v1/tweets', {
          headers: { origin: baseURL },
          data: { content: mine },
        })
      ).status(),
    ).toBe(201);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/tweets');
    await controlled(page);
    // The first reads went out before the worker took over; these are saved.
    await page.reload();
    await page.getByText(mine).first().waitFor();
    await page.goto('/acc');
    await page.getByRole('main').getByText(username).first().waitFor();
    await page.goto('/getusertweets');
    await page.getByText(mine).first().waitFor();

    await context.setOffline(true);
    try {
      for (const url of ['/tweets', '/acc', '/getusertweets']) {
        await page.goto(url);
        await page.getByText('showing what was saved at').waitFor();
      }
      await page.getByText(mine).first().waitFor();
      // Reloaded with no network, the app still knows who is signed in (their own pages, their name).
      await page.reload();
      await page.getByText(mine).first().waitFor();
      await page.getByText('showing what was saved at').waitFor();
      expect(await page.getByRole('button', { name: 'Logout', includeHidden: true }).count()).toBe(1);
      await page.screenshot({ path: path.join(shots, 'offline-saved-copy-phone.png'), fullPage: true });

      // A screen never opened before says so, instead of an error page or a blank screen.
      await page.goto('/subscriptions');
      await page.getByText('nothing has been saved on this device').waitFor();
    } finally {
      await context.setOffline(false);
    }
    // Back online, fresh data replaces the copy and the mark goes.
    await page.goto('/getusertweets');
    await page.getByText(mine).first().waitFor();
    await expect.poll(() => page.getByText('showing what was saved at').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps queued actions across a closed page and sends them once when it is opened again', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'ravi', 'Lata Devi');
    const page = await context.newPage();
    // As in a browser without Background Sync (Firefox, Safari): only the app's next start sends.
    await page.addInitScript(() => {
      Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined });
    });
    await page.goto('/createtweet');
    await controlled(page);
    await h1(page).waitFor();

    const text = `Queued and the app closed ${uniqueName('t')}`;
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Tweet' }).fill(text);
    await page.getByRole('button', { name: 'Create Tweet' }).click();
    await page.getByText(text).first().waitFor();
    // The badge counts it; the outbox screen lists it with its state.
    await page.getByRole('link', { name: /^Outbox: 1 waiting/ }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Outbox');
    await page.getByText(text).waitFor();
    await page.getByText('Waiting for a connection').waitFor();
    await page.screenshot({ path: path.join(shots, 'outbox-offline-phone.png'), fullPage: true });
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    expect(typeof persisted).toBe('boolean');
    await page.close();

    await context.setOffline(false);
    expect(await tweetsOnServer(context, text)).toBe(0);
    const again = await context.newPage();
    await again.goto('/getusertweets');
    await expect.poll(() => tweetsOnServer(context, text), { timeout: 15_000 }).toBe(1);
    await again.getByText(text).first().waitFor();
    await expect.poll(() => again.getByText('Pending', { exact: true }).count()).toBe(0);
    await again.goto('/outbox');
    await again.getByText('Nothing is waiting').waitFor();
    await context.close();
  });

  it('sends with every page closed when the browser fires Background Sync', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'sync', 'Lata Devi');
    const page = await context.newPage();
    await page.goto('/createtweet');
    await controlled(page);
    await h1(page).waitFor();

    const text = `Sent by the worker alone ${uniqueName('t')}`;
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Tweet' }).fill(text);
    await page.getByRole('button', { name: 'Create Tweet' }).click();
    await page.getByText(text).first().waitFor();
    // The page asked the worker to sync once the connection is back.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            sync: { getTags(): Promise<string[]> };
          };
          return registration.sync.getTags();
        }),
      )
      .toContain('eduportal-outbox');

    // Every page of the app closed; only a blank tab remains, to reach the browser's debugger.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations = new Map<string, string>();
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
        for (const r of event.registrations) registrations.set(r.scopeURL, r.registrationId);
      },
    );
    await cdp.send('ServiceWorker.enable');
    await page.close();
    await context.setOffline(false);
    expect(await tweetsOnServer(context, text)).toBe(0);

    const scope = new URL('/', baseURL).href;
    await expect.poll(() => registrations.get(scope)).toBeTruthy();
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL).origin,
      registrationId: registrations.get(scope)!,
      tag: 'eduportal-outbox',
      lastChance: false,
    });
    await expect.poll(() => tweetsOnServer(context, text), { timeout: 15_000 }).toBe(1);

    // Opening the app afterwards sends nothing twice.
    const after = await context.newPage();
    await after.goto('/outbox');
    await after.getByText('Nothing is waiting').waitFor();
    expect(await tweetsOnServer(context, text)).toBe(1);
    await context.close();
  });

  it('clears private data at logout: no saved answers, no remembered student', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'shared', 'Lata Devi');
    const page = await context.newPage();
    await page.goto('/acc');
    await controlled(page);
    // Read again now that the worker controls the page, which saves the answers.
    await page.reload();
    await page.getByRole('main').getByText('Lata Devi').first().waitFor();
    const saved = () =>
      page.evaluate(async () => {
        const cache = await caches.open('api-reads-v1');
        return (await cache.keys()).length;
      });
    await expect.poll(saved).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('eduportal-user'))).not.toBeNull();

    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('button', { name: 'Logout' }).tap();
    await expect.poll(() => h1(page).textContent()).toBe('Login');
    await expect.poll(saved).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('eduportal-user'))).toBeNull();

    // Offline afterwards, the account page shows nobody's data: the app knows nobody is signed in
    // (the session hint cookie went with the session, docs/api.md "Sessions") and asks to sign in.
    await context.setOffline(true);
    try {
      await page.goto('/acc');
      await expect.poll(() => h1(page).textContent()).toBe('Login');
      expect(await page.getByRole('main').getByText('Lata Devi').count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    await context.close();
  });
  it('offers a new version with "Reload to update" and swaps only when the student agrees', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/contact');
    await controlled(page);
    await page.getByLabel('Message', { exact: false }).fill('Half-typed, not to be lost');
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // A new release: the worker file changes on the server (files run one at a time here).
    const swFile = path.resolve(import.meta.dirname, '../../dist/client/sw.js');
    const original = fs.readFileSync(swFile);
    fs.writeFileSync(swFile, Buffer.concat([original, Buffer.from(`\n// release ${Date.now()}\n`)]));
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByText('A new version of EduPortal is ready.').waitFor({ timeout: 20_000 });
      // Nothing was swapped underneath: the typed text is still there, the old worker in charge.
      expect(await page.getByLabel('Message', { exact: false }).inputValue()).toBe(
        'Half-typed, not to be lost',
      );
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
      await page.screenshot({ path: path.join(shots, 'update-prompt-phone.png') });

      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload to update' }).tap();
      await reloaded;
      await expect.poll(() => h1(page).textContent()).toBe('Contact');
      expect(await page.getByText('A new version of EduPortal is ready.').count()).toBe(0);
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting,
      );
      expect(waiting).toBeFalsy();
    } finally {
      fs.writeFileSync(swFile, original);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
