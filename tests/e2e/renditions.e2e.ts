import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../src/shared/contracts/videos.ts';
import { formatBytes } from '../../src/client/lib/format.ts';
import { makeClip } from '../helpers/clips.ts';
import { desktop, phone, shots, signUp, uploadMp4, useChromium } from '../helpers/e2e.ts';

// A video's small copies, what each costs, and the Quality control (docs/product.md,
// "Watching on a weak link").
const baseURL = inject('baseURL');
const browser = useChromium();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-quality-'));
const clip = path.join(work, 'lesson.mp4');
beforeAll(() => {
  // Two minutes at 640x360: long enough that its renditions take a few seconds to make, so the
  // owner sees them being made.
  makeClip(clip, { width: 640, height: 360, seconds: 120 });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const upload = (context: BrowserContext, title: string) => uploadMp4(context, title, clip, '#468');

const player = (page: Page) => page.locator('video.player-video');
const quality = (page: Page) => page.getByLabel('Quality');
const state = (page: Page) =>
  player(page).evaluate((v: HTMLVideoElement) => ({
    src: v.currentSrc || v.src,
    time: v.currentTime,
    paused: v.paused,
    preload: v.preload,
    videoWidth: v.videoWidth,
    poster: v.poster,
  }));

describe('choosing what a video costs', () => {
  it(
    'shows the owner the processing, then every copy with its exact size; 144p keeps the position',
    { timeout: 180_000 },
    async () => {
      const context = await browser().newContext({ baseURL, ...phone });
      await signUp(context, 'quality', 'Asha Rao');
      const video = await upload(context, 'The water cycle');
      expect(video.processing.state).toMatch(/queued|running/);

      const page = await context.newPage();
      const mediaRequests: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname.startsWith('/media/') && !req.url().endsWith('.webp'))
          mediaRequests.push(req.url());
      });
      await page.goto(`/videos/${video._id}`);
      // While the copies are made, the owner sees how far it has got (in the queue, started, or
      // a percentage), and the original meanwhile.
      const processing = /^(Waiting to be processed|Processing started|Processing \d+%)$/;
      await page.getByText(processing).waitFor();
      await page.screenshot({ path: path.join(shots, 'quality-processing-phone.png'), fullPage: true });
      // The owner's list, opened while the copies are made, shows only the original's size for now.
      const mine = await context.newPage();
      await mine.goto('/getvideos');
      const myCard = mine.locator('.video-grid').getByRole('button', { name: /The water cycle/ });
      expect(await myCard.textContent()).toContain('Original ·');
      // The page reads the video again by itself until it is done.
      await page.getByText(processing).waitFor({ state: 'detached', timeout: 90_000 });

      const done = (
        (await (await context.request.get(`/api/v1/videos/v/${video._id}`)).json()) as { data: Video }
      ).data;
      expect(done.processing).toEqual({ state: 'done', progress: 100 });
      expect(done.renditions.map((r) => r.quality)).toEqual(['audio', '144p', '240p', '360p', 'original']);
      // Every copy is offered with its size; nothing was downloaded before play.
      const options = await quality(page).locator('option').allTextContents();
      expect(options).toEqual(
        done.renditions.map(
          (r) =>
            `${r.quality === 'audio' ? 'Audio only' : r.quality === 'original' ? 'Original' : r.quality} · ${formatBytes(r.bytes)}`,
        ),
      );
      expect(await quality(page).inputValue()).toBe('240p');
      const before = await state(page);
      expect(before.preload).toBe('none');
      expect(before.src).toContain(done.renditions.find((r) => r.quality === '240p')!.url);
      expect(mediaRequests).toEqual([]);

      // Play 240p, go to the middle, and switch to 144p while it plays.
      await player(page).evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
        v.currentTime = 60;
        await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      });
      await quality(page).selectOption('144p');
      const small = done.renditions.find((r) => r.quality === '144p')!;
      await expect.poll(async () => (await state(page)).src).toContain(small.url);
      await expect.poll(async () => (await state(page)).time, { timeout: 20_000 }).toBeGreaterThanOrEqual(60);
      const after = await state(page);
      expect(after.time).toBeLessThan(70);
      expect(after.paused).toBe(false);
      await page.screenshot({ path: path.join(shots, 'quality-144p-phone.png') });

      // The size shown is what the download costs.
      const download = await context.request.get(small.url);
      expect((await download.body()).length).toBe(small.bytes);
      expect(await quality(page).locator('option:checked').textContent()).toBe(
        `144p · ${formatBytes((await download.body()).length)}`,
      );

      // Audio only: the sound plays under the thumbnail.
      await quality(page).selectOption('audio');
      await expect.poll(async () => (await state(page)).src).toContain(done.renditions[0]!.url);
      await expect.poll(async () => (await state(page)).time, { timeout: 20_000 }).toBeGreaterThanOrEqual(60);
      const audio = await state(page);
      expect(audio.videoWidth).toBe(0);
      expect(audio.poster).toContain(done.thumbnail);
      await page.screenshot({ path: path.join(shots, 'quality-audio-phone.png') });

      // The owner's list read itself again once the copies were made: no reload. A card names
      // the copy the player will start in, which is now the remembered choice, Audio only.
      const listen = done.renditions.find((r) => r.quality === 'audio')!;
      await expect
        .poll(() => myCard.textContent(), { timeout: 20_000 })
        .toContain(`Audio only · ${formatBytes(listen.bytes)}`);
      await mine.close();

      // The choice is remembered for the next video, and the cards say what it will cost.
      await page.goto('/videos');
      const card = page
        .locator('.video-grid')
        .getByRole('button', { name: /The water cycle/ })
        .first();
      await expect.poll(() => card.textContent()).toContain(`Audio only · ${formatBytes(listen.bytes)}`);
      await page.screenshot({ path: path.join(shots, 'quality-cards-phone.png'), fullPage: true });
      await context.close();
    },
  );

  it('shows the Quality control on a desktop, and nobody but the owner sees the processing', async () => {
    const owner = await browser().newContext({ baseURL, ...desktop });
    await signUp(owner, 'owner', 'Ravi Menon');
    const video = await upload(owner, 'Photosynthesis');
    const viewer = await browser().newContext({ baseURL, ...desktop });
    const page = await viewer.newPage();
    await page.goto(`/videos/${video._id}`);
    await quality(page).waitFor();
    expect(await page.getByText(/^(Processing|Waiting to be processed)/).count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'quality-desktop.png') });
    await owner.close();
    await viewer.close();
  });
});
