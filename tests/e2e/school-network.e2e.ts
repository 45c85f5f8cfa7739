import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, issueCertificate, makeCa } from '../helpers/certificates.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { controlledByWorker, desktop, password, phone, shots, uniqueName } from '../helpers/e2e.ts';
import { jpegWithExif } from '../helpers/http.ts';
import { watchProblems } from '../helpers/page-problems.ts';
import { freePort } from '../helpers/server-process.ts';
import { startSourceServer, type SourceServer } from '../helpers/source-process.ts';

// A school runs EduPortal on its own network, reached by a name that is not localhost
// (docs/deploy.md, "https"). Over https, with the school's own CA, the app is a full PWA; over
// plain http on the same name it must still work online and say once that offline needs https.
// The name is mapped to this machine and the CA trusted through Chromium's own flags, as a school's
// DNS and a phone that installed the CA would.
const NAME = 'school.test';

interface Site {
  server: SourceServer;
  origin: string;
  dataDir: string;
}

async function startSite(env: Record<string, string>): Promise<Site> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-school-'));
  const server = await startSourceServer(
    { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    { built: true },
  );
  return { server, origin: `${env.TLS_CERT_FILE ? 'https' : 'http'}://${NAME}:${port}`, dataDir };
}

/** Registers and signs in through the page itself: the browser is what knows the school's name. */
async function signUpInPage(page: Page, prefix: string): Promise<string> {
  const username = uniqueName(prefix);
  const avatar = (await jpegWithExif(256, 256)).data.toString('base64');
  await page.evaluate(
    async ({ username, avatar, password }) => {
      const form = new FormData();
      form.append('username', username);
      form.append('email', `${username}@school.example`);
      form.append('fullName', 'Asha Rani');
      form.append('password', password);
      const bytes = Uint8Array.from(atob(avatar), (c) => c.charCodeAt(0));
      form.append('avatar', new Blob([bytes], { type: 'image/jpeg' }), 'avatar.jpg');
      const registered = await fetch('/api/v1/users/register', { method: 'POST', body: form });
      if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
      const login = await fetch('/api/v1/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (login.status !== 200) throw new Error(`login: ${login.status}`);
    },
    { username, avatar, password },
  );
  return username;
}

/** Posts a tweet through the page; answers its id. */
const postTweet = (page: Page, content: string) =>
  page.evaluate(async (content) => {
    const res = await fetch('/api/v1/tweets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    return ((await res.json()) as { data: { _id: string } }).data._id;
  }, content);

/** The tweet's likes as the server counts them (read with the page's own session). */
const likesOnServer = (page: Page, id: string) =>
  page.evaluate(async (id) => {
    const res = await fetch('/api/v1/tweets?limit=50', { cache: 'no-store' });
    const docs = ((await res.json()) as { data: { docs: Array<{ _id: string; likesCount: number }> } }).data
      .docs;
    return docs.find((t) => t._id === id)?.likesCount;
  }, id);

describe.skipIf(!hasOpenssl)('a school server on its own network, by name (needs openssl)', () => {
  let dir: string;
  let https: Site;
  let http: Site;
  let browser: Browser;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-school-ca-'));
    const ca = makeCa(dir, 'Springfield School CA');
    const certificate = issueCertificate(ca, NAME);
    https = await startSite({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile });
    http = await startSite({});
    browser = await launchChromium([
      `--host-resolver-rules=MAP ${NAME} 127.0.0.1`,
      // Trusts what the school's CA signs, as a phone does once the CA is installed on it.
      `--ignore-certificate-errors-spki-list=${ca.spki}`,
    ]);
    fs.mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    for (const site of [https, http]) {
      await site?.server.stop();
      if (site) fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('over https: installs, opens offline, queues a like, and sends it once when back', async () => {
    const context = await browser.newContext({ baseURL: https.origin, ...phone });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/tweets');
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await signUpInPage(page, 'https');
    const text = `Maths test on Friday ${uniqueName('t')}`;
    const id = await postTweet(page, text);

    // The first visit installs the worker; a reload under it saves the list for offline.
    await page.goto('/tweets');
    await controlledByWorker(page);
    await page.reload();
    await page.getByText(text).waitFor();
    await expect
      .poll(() => page.getByText('Opened at http://, EduPortal works only while online.').count())
      .toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(text).waitFor();
    await page.getByRole('button', { name: 'Like this tweet' }).first().click();
    await page.getByRole('button', { name: 'Unlike this tweet' }).first().waitFor();
    await page.screenshot({ path: path.join(shots, 'school-https-offline-like-phone.png'), fullPage: true });

    await context.setOffline(false);
    await expect.poll(() => likesOnServer(page, id), { timeout: 20_000 }).toBe(1);
    // Sent once: the outbox is empty and the count stays at one.
    await page.goto('/outbox');
    await page.getByText('Nothing is waiting').waitFor();
    expect(await likesOnServer(page, id)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('over plain http on the same name: no error, one notice that offline needs https, likes sent online and once back online', async () => {
    for (const [label, size] of [
      ['phone', phone],
      ['desktop', desktop],
    ] as const) {
      const context = await browser.newContext({ baseURL: http.origin, ...size });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto('/tweets');
      // What the browser gives this origin: no secure context, so no service worker and no randomUUID.
      expect(
        await page.evaluate(() => [
          window.isSecureContext,
          'serviceWorker' in navigator,
          typeof crypto.randomUUID,
        ]),
      ).toEqual([false, false, 'undefined']);
      const notice = page.getByText('Opened at http://, EduPortal works only while online.');
      await notice.waitFor();

      await signUpInPage(page, `http${label}`);
      const text = `Bring the science notebook ${uniqueName('t')}`;
      const id = await postTweet(page, text);
      await page.goto('/tweets');
      await page.getByText(text).waitFor();
      await page.screenshot({ path: path.join(shots, `school-http-notice-${label}.png`) });
      await page.getByRole('button', { name: 'Like this tweet' }).first().click();
      await page.getByRole('button', { name: 'Unlike this tweet' }).first().waitFor();
      await expect.poll(() => likesOnServer(page, id), { timeout: 20_000 }).toBe(1);

      // The link drops with the page open: the unlike waits in the outbox (no worker here), and
      // goes by itself when the link is back.
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Unlike this tweet' }).first().click();
      await page.getByRole('button', { name: 'Like this tweet' }).first().waitFor();
      await context.setOffline(false);
      await expect.poll(() => likesOnServer(page, id), { timeout: 30_000 }).toBe(0);

      // Said once on this device: closed, it stays closed.
      await page.getByRole('button', { name: 'Got it' }).click();
      await expect.poll(() => notice.count()).toBe(0);
      await page.reload();
      await page.getByText(text).waitFor();
      expect(await notice.count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
