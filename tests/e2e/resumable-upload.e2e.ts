import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPersistentChromium } from '../helpers/chromium.ts';
import { makeNoisyClip } from '../helpers/clips.ts';
import { phone, shots, signUp } from '../helpers/e2e.ts';
import { startSlowLink, type SlowLink } from '../helpers/slow-link.ts';

const baseURL = inject('baseURL');
const CHUNK = 5 * 1024 * 1024;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-resumable-'));
const clipPath = path.join(work, 'lesson.webm');
const thumbPath = path.join(work, 'thumb.png');
const profile = path.join(work, 'profile');
let fileSize = 0;

/** Every PATCH the page sent, with the bytes it set out to send: at least what the server got. */
interface Sent {
  offset: number;
  bytes: number;
}

beforeAll(async () => {
  // A real 20 MB clip, made here: 12 s of a moving, noisy picture that does not compress away.
  makeNoisyClip(clipPath, { seconds: 12, audio: true });
  await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2266aa' } })
    .png()
    .toFile(thumbPath);
  fs.mkdirSync(shots, { recursive: true });
  fileSize = fs.statSync(clipPath).size;
});
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

describe('an upload that survives a weak link', () => {
  let context: BrowserContext;
  let link: SlowLink;
  const sent: Sent[] = [];
  /** The highest offset the server had confirmed when each PATCH was sent. */
  let confirmed = 0;
  const resentConfirmedBytes: number[] = [];
  beforeAll(async () => {
    // About 1.5 MB/s up, so that each 5 MiB chunk is in flight for three seconds or so.
    link = await startSlowLink(baseURL, 1_500_000);
  });
  afterAll(async () => {
    await link?.close();
  });

  /** Opens the browser on the same profile, as a student reopening the app would. */
  async function open(): Promise<{ page: Page }> {
    context = await launchPersistentChromium(profile, { ...phone, baseURL: link.url });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (request) => {
      if (request.method() !== 'PATCH' || !request.url().includes('/api/v1/uploads/')) return;
      const offset = Number(request.headers()['upload-offset']);
      // tus-js-client sends a whole chunk from the offset, or what is left of the file.
      sent.push({ offset, bytes: Math.min(CHUNK, fileSize - offset) });
      resentConfirmedBytes.push(Math.max(0, confirmed - offset));
    });
    page.on('response', (response) => {
      const offset = response.headers()['upload-offset'];
      if (offset && response.url().includes('/api/v1/uploads/'))
        confirmed = Math.max(confirmed, Number(offset));
    });
    return { page };
  }

  /** Waits until the `n`th PATCH (from 1) has been going for `ms`: the moment to cut it. */
  async function midChunk(page: Page, n: number, ms: number) {
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(n);
    await page.waitForTimeout(ms);
  }

  it('a drop, a reload and a closed app each cost at most one chunk, and the video then plays', async () => {
    let { page } = await open();
    const { userId } = await signUp(context, 'tus', 'Teacher on a weak link', link.url);
    const size = fileSize;
    expect(size).toBeGreaterThan(19_000_000);

    await page.goto('/uploadvideo');
    await page.getByLabel('Title').fill('Rivers of India');
    await page.getByLabel('Description').fill('Where they start and where they meet the sea.');
    await page.getByLabel('Video file').setInputFiles(clipPath);
    await page.getByLabel('Thumbnail image').setInputFiles(thumbPath);
    await page.getByRole('button', { name: 'Submit' }).click();
    const card = page.getByRole('article', { name: 'Upload of Rivers of India' });
    await card.waitFor();

    // 1. The connection drops in the middle of a chunk, then comes back.
    await midChunk(page, 2, 1500);
    // The signal goes: the chunk in flight is cut where it is, and the phone knows it is offline.
    link.cut();
    await context.setOffline(true);
    await expect
      .poll(() => card.getByRole('status').textContent(), { timeout: 15_000 })
      .toContain('You are offline');
    await page.screenshot({ path: path.join(shots, 'upload-offline-phone.png'), fullPage: true });
    const beforeOnline = sent.length;
    await context.setOffline(false);

    // 2. It resumes by itself; a reload in the middle of that chunk: it goes on again without
    // choosing the file again.
    await midChunk(page, beforeOnline + 1, 1500);
    await page.reload();
    const beforeReload = sent.length;
    await page.getByRole('article', { name: 'Upload of Rivers of India' }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'upload-after-reload-phone.png'), fullPage: true });

    // 3. The app is closed in the middle of the resumed chunk, and opened again.
    await midChunk(page, beforeReload + 1, 1500);
    expect(confirmed).toBeLessThan(size);
    await context.close();
    ({ page } = await open());
    await page.goto('/outbox');
    await page.getByRole('heading', { name: 'Videos being uploaded' }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'upload-outbox-phone.png'), fullPage: true });

    // Done: the server made the video once, from all the bytes.
    await expect
      .poll(
        async () => {
          const res = await context.request.get(`/api/v1/videos/${userId}`);
          return ((await res.json()) as { data: { totalDocs: number } }).data.totalDocs;
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    const interruptions = 3;
    const total = sent.reduce((sum, s) => sum + s.bytes, 0);
    // Every byte went at least once; what was sent again is at most one chunk per interruption
    // (an upper bound: a cut PATCH counts whole, though only part of it reached the server).
    expect(total).toBeGreaterThanOrEqual(size);
    expect(total - size).toBeLessThanOrEqual(interruptions * CHUNK);
    // And no PATCH ever sent again a byte the server had already confirmed (the last answer
    // confirmed the whole file, so the answers were seen).
    expect(confirmed).toBe(size);
    expect(
      resentConfirmedBytes.every((n) => n === 0),
      JSON.stringify(sent),
    ).toBe(true);

    const mine = (await (await context.request.get(`/api/v1/videos/${userId}`)).json()) as {
      data: { docs: { _id: string; videoFile: string; title: string }[] };
    };
    const video = mine.data.docs[0]!;
    expect(video.title).toBe('Rivers of India');
    const head = await context.request.get(video.videoFile, { headers: { range: 'bytes=0-0' } });
    expect(head.headers()['content-range']).toBe(`bytes 0-0/${size}`);

    // It plays: the player on /getvideos starts and moves.
    await page.goto('/getvideos');
    await page
      .getByRole('button', { name: /Rivers of India/ })
      .first()
      .click();
    const player = page.locator('video.player-video');
    await player.waitFor();
    const played = await player.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          el.muted = true;
          el.addEventListener('timeupdate', () => el.currentTime > 0.3 && resolve(el.currentTime));
          void el.play();
        }),
    );
    expect(played).toBeGreaterThan(0.3);
    await page.screenshot({ path: path.join(shots, 'upload-resumed-played-phone.png'), fullPage: true });
    await context.close();
  });
});
