// Saved videos: a lesson saved for offline and played with no network, beside the same
// lesson streamed from the server on loopback, in the same run and the same Chromium: the time to
// the first frame after play, and the time for a seek to the middle to show its frame.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makeClip } from '../tests/helpers/clips.ts';
import { median, onPhone, signUp, uploadLesson } from './lesson.ts';

const RUNS = 5;

/** Opens the video's page afresh, then: play until a frame shows; seek to the middle until its frame shows. */
async function measureOnce(page: Page, videoId: string): Promise<{ first: number; seek: number }> {
  await page.goto(`/videos/${videoId}`);
  const video = page.locator('video.player-video');
  await video.waitFor();
  // A string, not a function: tsx would add helpers to a function that the page does not have.
  return page.evaluate(`(async () => {
    const v = document.querySelector('video.player-video');
    v.muted = true;
    let t0 = performance.now();
    const shown = new Promise((resolve) => v.requestVideoFrameCallback(() => resolve()));
    await v.play();
    await shown;
    const first = performance.now() - t0;
    v.pause();
    t0 = performance.now();
    const seeked = new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
    v.currentTime = v.duration / 2;
    await seeked;
    const frame = new Promise((resolve) => v.requestVideoFrameCallback(() => resolve()));
    await v.play();
    await frame;
    return { first, seek: performance.now() - t0 };
  })()`) as Promise<{ first: number; seek: number }>;
}

export async function savedVideosSection(say: (line?: string) => void): Promise<void> {
  say('\n## Saved videos\n');
  await onPhone('saved', async ({ context, origin, dir }) => {
    const clip = path.join(dir, 'lesson.mp4');
    // Two minutes of a noisy picture, so that its 240p copy weighs what a real lesson's does.
    makeClip(clip, { width: 640, height: 360, seconds: 120, noise: true });
    await signUp(context, origin, 'saver');
    const video = await uploadLesson(context, origin, clip, 'Benchmark lesson');
    const small = video.renditions.find((r) => r.quality === '240p')!;
    const page = await context.newPage();
    await page.goto(`/videos/${video._id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The browser's HTTP cache would hide the server: every online run reads from it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.getByLabel('Quality').selectOption('240p');

    const online: Array<{ first: number; seek: number }> = [];
    for (let i = 0; i < RUNS; i++) online.push(await measureOnce(page, video._id));

    await page.getByRole('button', { name: /^Save for offline/ }).click();
    await page.getByRole('link', { name: 'Saved' }).waitFor({ timeout: 120_000 });
    await context.setOffline(true);
    const saved: Array<{ first: number; seek: number }> = [];
    for (let i = 0; i < RUNS; i++) saved.push(await measureOnce(page, video._id));
    await context.setOffline(false);

    const row = (name: string, runs: Array<{ first: number; seek: number }>) =>
      say(
        `| ${name} | ${median(runs.map((r) => r.first)).toFixed(0)} | ${median(runs.map((r) => r.seek)).toFixed(0)} |`,
      );
    say(
      `The 240p copy of a two-minute lesson (${(small.bytes / 1e6).toFixed(1)} MB) in Chromium at 412x915, median of ${RUNS} page loads each:\n`,
    );
    say('| copy | first frame after play, ms | seek to the middle, ms |');
    say('| --- | ---: | ---: |');
    row('from the server (loopback, HTTP cache off)', online);
    row('saved, played offline (service worker, IndexedDB chunks)', saved);
  });
}
