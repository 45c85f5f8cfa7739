import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../src/shared/contracts/videos.ts';
import { formatBytes } from '../../src/client/lib/format.ts';
import { makeClip } from '../helpers/clips.ts';
import { desktop, h1, phone, shots, signUp, uploadMp4, useChromium } from '../helpers/e2e.ts';
import { watchProblems } from '../helpers/page-problems.ts';

// A lesson saved on school Wi-Fi plays on the bus (docs/offline.md, "Downloads").
const baseURL = inject('baseURL');
const browser = useChromium();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-downloads-'));
const clip = path.join(work, 'lesson.mp4');
const shortClip = path.join(work, 'short.mp4');
const MIB = 1024 * 1024;
beforeAll(() => {
  // 150 s of a noisy 240-line picture: its 240p copy weighs over 3 MiB, so it downloads in
  // four chunks and a cut can fall in the middle.
  makeClip(clip, { width: 426, height: 240, seconds: 150, noise: true });
  makeClip(shortClip, { width: 640, height: 360, seconds: 20 });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function uploadAndWait(context: BrowserContext, title: string, file = clip): Promise<Video> {
  const { _id: id } = await uploadMp4(context, title, file, '#2a6');
  let video: Video | undefined;
  await expect
    .poll(
      async () => {
        video = ((await (await context.request.get(`/api/v1/videos/v/${id}`)).json()) as { data: Video })
          .data;
        return video.processing.state;
      },
      { timeout: 150_000, interval: 1000 },
    )
    .toBe('done');
  return video!;
}

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** How many download chunks this browser keeps (docs/offline.md, "Downloads"). */
const chunksStored = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('eduportal-downloads');
        open.onsuccess = () => {
          const count = open.result.transaction('chunks').objectStore('chunks').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => reject(open.error);
      }),
  );

const player = (page: Page) => page.locator('video.player-video');
const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

describe('saving a lesson for offline', () => {
  it(
    'saves 240p in chunks through a cut, plays it offline after an update with 206s, and Delete frees it',
    { timeout: 300_000 },
    async () => {
      const context = await browser().newContext({ baseURL, ...phone });
      await signUp(context, 'saver', 'Meena Kumari');
      const video = await uploadAndWait(context, 'Fractions on the bus');
      const small = video.renditions.find((r) => r.quality === '240p')!;
      expect(small.bytes).toBeGreaterThan(3 * MIB);
      const chunks = Math.ceil(small.bytes / MIB);

      const page = await context.newPage();
      // The 416 is asked for on purpose, below.
      const problems = watchProblems(page, [416]);
      // Every Range request of the download, as the server would see it.
      const asked: string[] = [];
      let cut = false;
      let reconnected = false;
      await page.route(`**${small.url}`, async (route) => {
        const range = await route.request().headerValue('range');
        const download = await route.request().headerValue('x-eduportal-download');
        if (download) asked.push(range ?? '(none)');
        // The connection drops during the second chunk, and stays down until reconnected.
        if (download && range?.startsWith(`bytes=${MIB}-`) && !reconnected) {
          cut = true;
          return route.abort('internetdisconnected');
        }
        return route.continue();
      });
      await page.goto(`/videos/${video._id}`);
      await controlled(page);
      await page.getByLabel('Quality').selectOption('240p');
      const save = page.getByRole('button', { name: `Save for offline · ${formatBytes(small.bytes)}` });
      await save.waitFor();
      await expect.poll(() => page.getByText(/free on this device$/).count()).toBe(1);
      await page.screenshot({ path: path.join(shots, 'save-offline-phone.png') });
      await save.tap();

      // The cut: the download says so, keeps its first chunk, and waits.
      await page
        .getByText('The server could not be reached. Trying again shortly.')
        .waitFor({ timeout: 30_000 });
      expect(cut).toBe(true);
      await expect
        .poll(() => page.getByText(/^Saving \d+%$/).textContent())
        .toMatch(/^Saving (2[0-9]|3[0-9])%$/);
      await page.screenshot({ path: path.join(shots, 'save-offline-waiting-phone.png') });
      // The connection returns while the student closes and reopens the app: the download goes
      // on at start, from the chunk the cut fell in.
      reconnected = true;
      await page.reload();
      await page.getByRole('link', { name: 'Saved' }).waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(shots, 'save-offline-saved-phone.png') });
      const distinct = new Set(asked);
      expect(distinct.size).toBe(chunks);
      // At most one chunk was asked for twice: the one the cut fell in.
      expect(asked.length).toBeLessThanOrEqual(chunks + 1);
      expect(asked.filter((r) => r === `bytes=${MIB}-${2 * MIB - 1}`)).toHaveLength(2);
      console.log(`download: ${chunks} chunks, ${asked.length} Range requests (${asked.join(', ')})`);
      await page.unroute(`**${small.url}`);

      // Online, the player plays the saved copy: from the worker, not a second download.
      const played: Array<{ status: number; fromWorker: boolean; range: string | undefined }> = [];
      page.on('response', async (res) => {
        if (!res.url().endsWith(small.url)) return;
        const range = await res.request().headerValue('range');
        played.push({ status: res.status(), fromWorker: res.fromServiceWorker(), range: range ?? undefined });
      });
      await page.reload();
      await player(page).waitFor();
      expect(await page.getByLabel('Quality').inputValue()).toBe('240p');
      await player(page).evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      await expect
        .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0);
      expect(played.length).toBeGreaterThan(0);
      expect(played.every((p) => p.fromWorker)).toBe(true);

      // An app update: a new worker is installed and takes over; the saved copy stays.
      const swFile = path.resolve(import.meta.dirname, '../../dist/client/sw.js');
      const original = fs.readFileSync(swFile);
      fs.writeFileSync(swFile, Buffer.concat([original, Buffer.from(`\n// release ${Date.now()}\n`)]));
      try {
        const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        await page.getByText('A new version of EduPortal is ready.').waitFor({ timeout: 20_000 });
        const reloaded = page.waitForEvent('load');
        await page.getByRole('button', { name: 'Reload to update' }).tap();
        await reloaded;
        await controlled(page);
        expect(
          await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
        ).toBeFalsy();
        expect(before).toBeTruthy();
        // The precache of the old version was cleaned up; the download was not.
        expect(await page.evaluate(() => caches.keys())).toContain('saved-videos-v1');
      } finally {
        fs.writeFileSync(swFile, original);
      }

      // Offline, after a reload: /downloads lists it, and it plays and seeks to its middle.
      await context.setOffline(true);
      played.length = 0;
      await page.goto('/downloads');
      await expect.poll(() => h1(page).textContent()).toBe('Downloads');
      const item = page.getByRole('listitem').filter({ hasText: 'Fractions on the bus' });
      await expect.poll(() => item.textContent()).toContain(`240p · ${formatBytes(small.bytes)} · Saved`);
      await expect.poll(() => page.getByText(/^Downloads use .* free on this device\.$/).count()).toBe(1);
      await expect
        .poll(() =>
          item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await page.screenshot({ path: path.join(shots, 'downloads-offline-phone.png'), fullPage: true });
      await item.getByRole('link', { name: 'Play Fractions on the bus' }).tap();
      await player(page).waitFor();
      const middle = video.duration / 2;
      await player(page).evaluate(async (v: HTMLVideoElement, at: number) => {
        v.muted = true;
        await v.play();
        v.currentTime = at;
        await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      }, middle);
      await expect
        .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(middle + 0.5);
      expect(await player(page).evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
      await page.screenshot({ path: path.join(shots, 'downloads-offline-playing-phone.png') });
      const partial = played.filter((p) => p.status === 206);
      expect(partial.length).toBeGreaterThan(0);
      expect(played.every((p) => p.fromWorker)).toBe(true);
      // The worker's Range answers, asked directly: a suffix, and a start beyond the end.
      const answers = await page.evaluate(
        async ({ url, size }) => {
          const ask = async (range: string) => {
            const res = await fetch(url, { headers: { Range: range } });
            return {
              status: res.status,
              range: res.headers.get('content-range'),
              bytes: (await res.blob()).size,
            };
          };
          return { suffix: await ask('bytes=-100'), beyond: await ask(`bytes=${size}-`) };
        },
        { url: small.url, size: small.bytes },
      );
      expect(answers.suffix).toEqual({
        status: 206,
        range: `bytes ${small.bytes - 100}-${small.bytes - 1}/${small.bytes}`,
        bytes: 100,
      });
      expect(answers.beyond).toMatchObject({ status: 416, range: `bytes */${small.bytes}` });

      // Delete frees the space: the estimate drops by about the file's size.
      await page.goto('/downloads');
      await item.waitFor();
      const before = await usage(page);
      await item.getByRole('button', { name: 'Delete Fractions on the bus' }).tap();
      await page.getByText('Nothing saved yet.', { exact: false }).waitFor();
      await expect
        .poll(async () => before - (await usage(page)), { timeout: 20_000 })
        .toBeGreaterThan(small.bytes * 0.9);
      const drop = before - (await usage(page));
      console.log(`estimate drop on delete: ${drop} bytes for a file of ${small.bytes}`);
      expect(drop).toBeLessThan(small.bytes * 1.5);
      await context.setOffline(false);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('says when there is no room and keeps nothing; after sign-out another student sees none of it', async () => {
    const context = await browser().newContext({ baseURL, ...desktop });
    await signUp(context, 'owner', 'Kiran Shah');
    const video = await uploadAndWait(context, 'Magnets at home', shortClip);
    const small = video.renditions.find((r) => r.quality === '240p')!;
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`/videos/${video._id}`);
    await controlled(page);
    const save = page.getByRole('button', { name: `Save for offline · ${formatBytes(small.bytes)}` });
    await save.waitFor();
    await page.screenshot({ path: path.join(shots, 'save-offline-desktop.png') });

    // A phone with less room than the copy needs (Chromium refuses the writes; its estimate
    // still reports the real quota, so this is the refusal of a write, not the check before).
    const cdp = await context.newCDPSession(page);
    const used = await usage(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: baseURL, quotaSize: used + 1000 });
    await save.click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Not saved: this device has no room for ${formatBytes(small.bytes)}.` })
      .waitFor();
    expect(await chunksStored(page)).toBe(0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: baseURL });

    // With room again, the same button saves it.
    await save.click();
    await page.getByRole('link', { name: 'Saved' }).waitFor({ timeout: 30_000 });
    await page.goto('/downloads');
    const item = page.getByRole('listitem').filter({ hasText: 'Magnets at home' });
    await expect.poll(() => item.textContent()).toContain(`240p · ${formatBytes(small.bytes)} · Saved`);
    await page.screenshot({ path: path.join(shots, 'downloads-desktop.png') });

    // Sign-out, then another student on the same browser: the list is not theirs to see.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Login');
    await signUp(context, 'other', 'Asha Verma');
    await page.goto('/downloads');
    await expect.poll(() => h1(page).textContent()).toBe('Downloads');
    await page.getByText('Nothing saved yet.', { exact: false }).waitFor();
    expect(await page.getByText('Magnets at home').count()).toBe(0);
    await page.goto(`/videos/${video._id}`);
    await page.getByRole('button', { name: /^Save for offline/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pauses, resumes and cancels a download, and Cancel keeps nothing', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'pauser', 'Ravi Das');
    const video = await uploadAndWait(context, 'Rivers of India', shortClip);
    const small = video.renditions.find((r) => r.quality === '240p')!;
    const page = await context.newPage();
    const problems = watchProblems(page);
    // The chunk is held on its way until the journey lets it go, so the buttons can be pressed.
    let release: () => void = () => undefined;
    let held = 0;
    await page.route(`**${small.url}`, async (route) => {
      if (!(await route.request().headerValue('x-eduportal-download'))) return route.continue();
      held++;
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/videos/${video._id}`);
    await controlled(page);

    await page.getByRole('button', { name: /^Save for offline/ }).tap();
    await expect.poll(() => held).toBe(1);
    await page.getByText('Saving 0%').waitFor();
    await page.getByRole('button', { name: 'Pause' }).tap();
    await page.getByText('Paused at 0%').waitFor();
    release();
    await page.getByRole('button', { name: 'Resume' }).tap();
    await expect.poll(() => held).toBe(2);
    await page.getByText('Saving 0%').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).tap();
    await page.getByRole('button', { name: `Save for offline · ${formatBytes(small.bytes)}` }).waitFor();
    release();
    expect(await chunksStored(page)).toBe(0);

    // Saved for real this time; /downloads then lists it.
    await page.unroute(`**${small.url}`);
    await page.getByRole('button', { name: /^Save for offline/ }).tap();
    await page.getByRole('link', { name: 'Saved' }).waitFor({ timeout: 30_000 });
    expect(await chunksStored(page)).toBe(1);
    await page.getByRole('link', { name: 'Saved' }).tap();
    await expect.poll(() => h1(page).textContent()).toBe('Downloads');
    await page.getByRole('listitem').filter({ hasText: 'Rivers of India' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
