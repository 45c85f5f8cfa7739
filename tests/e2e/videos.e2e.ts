import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.ts';
import { uploadClip } from '../helpers/e2e.ts';

const baseURL = inject('baseURL');
const shots = path.resolve(import.meta.dirname, '../../.tmp/screenshots');
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

let browser: Browser;
let avatar: Buffer;
let thumbnailFile: string;
beforeAll(async () => {
  browser = await launchChromium();
  fs.mkdirSync(shots, { recursive: true });
  avatar = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  thumbnailFile = path.join(shots, 'e2e-thumbnail.png');
  await sharp({ create: { width: 640, height: 360, channels: 3, background: '#f4a62a' } })
    .png()
    .toFile(thumbnailFile);
});
afterAll(async () => {
  await browser?.close();
});

/** Registers a fresh user through the API and signs the browser context in (cookies). */
async function signedInContext(viewport: { width: number; height: number }, mobile = false) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const username = `v${randomBytes(5).toString('hex')}`;
  const registered = await context.request.post('/api/v1/users/register', {
    headers: { origin: baseURL },
    multipart: {
      username,
      email: `${username}@school.example`,
      fullName: `Student ${username}`,
      password: 'correct horse battery',
      avatar: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: avatar },
    },
  });
  expect(registered.status()).toBe(201);
  const login = await context.request.post('/api/v1/users/login', {
    headers: { origin: baseURL },
    data: { username, password: 'correct horse battery' },
  });
  expect(login.status()).toBe(200);
  return { context, username, userId: (await login.json()).data.user._id as string };
}

const api = async (request: APIRequestContext, url: string) =>
  (await (await request.get(`/api/v1${url}`)).json()).data;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe('video screens', () => {
  let context: BrowserContext;
  let userId: string;

  beforeAll(async () => {
    ({ context, userId } = await signedInContext({ width: 1366, height: 768 }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('uploads with a real progress bar and says so only after the server answered', async () => {
    const page = await context.newPage();
    await page.goto('/uploadvideo');
    await expect.poll(() => h1(page).textContent()).toBe('Upload video');
    await page.getByLabel('Title').fill('Plants and light');
    await page.getByLabel('Description').fill('How leaves turn light into food.');
    await page.getByLabel('Video file').setInputFiles(path.join(fixtures, 'clip.webm'));
    await page.getByLabel('Thumbnail image').setInputFiles(thumbnailFile);

    // A slow uplink, as in a Wi-Fi centre, so the progress can be seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 500_000,
      uploadThroughput: 20_000,
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor({ state: 'visible' });
    expect(await page.getByText('Video Uploaded Successfully :)').count()).toBe(0);
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    await page.screenshot({ path: path.join(shots, 'videos-upload-progress-desktop.png') });
    await page.getByText('Video Uploaded Successfully :)').waitFor({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const mine = await api(context.request, `/videos/${userId}`);
    expect(mine.docs.map((v: { title: string }) => v.title)).toEqual(['Plants and light']);
    expect(mine.docs[0].duration).toBeCloseTo(3.2, 1);
    await page.close();
  });

  it('lists the video in both lists, plays it and seeks in it, and records the view', async () => {
    const page = await context.newPage();
    await page.goto('/dashbord');
    await page
      .getByRole('button', { name: /Plants and light/ })
      .first()
      .click();
    const video = page.locator('video.player-video');
    await video.waitFor();
    // Nothing is downloaded before play (docs/product.md, "Quality"): the metadata comes after it.
    expect(await video.evaluate((el: HTMLVideoElement) => [el.preload, el.readyState])).toEqual(['none', 0]);
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      return el.play().catch(() => undefined);
    });
    await page.waitForFunction(
      () => (document.querySelector('video.player-video') as HTMLVideoElement).readyState >= 1,
    );
    const seeked = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          el.currentTime = 2;
        }),
    );
    expect(seeked).toBeCloseTo(2, 0);
    await video.evaluate((el: HTMLVideoElement) => el.play().catch(() => undefined));
    await expect.poll(async () => (await api(context.request, '/users/history')).totalDocs).toBe(1);
    await page.screenshot({ path: path.join(shots, 'videos-player-desktop.png'), fullPage: true });

    await page.goto('/getvideos');
    await page.getByRole('button', { name: /Plants and light/ }).click();
    expect(await page.getByRole('button', { name: 'Delete Video' }).isVisible()).toBe(true);
    await page.close();
  });

  it('likes the video and pages through 25 comments', async () => {
    const { docs } = await api(context.request, `/videos/${userId}`);
    const videoId = docs[0]._id as string;
    for (let i = 1; i <= 24; i++) {
      const res = await context.request.post(`/api/v1/comments/${videoId}`, {
        headers: { origin: baseURL },
        data: { content: `Comment number ${i}` },
      });
      expect(res.status()).toBe(201);
    }
    const page = await context.newPage();
    await page.goto('/dashbord');
    await page
      .getByRole('button', { name: /Plants and light/ })
      .first()
      .click();

    await page.getByRole('button', { name: 'Like this video' }).click();
    await page.getByRole('button', { name: 'Unlike this video' }).waitFor();
    await expect
      .poll(async () => (await api(context.request, `/likes/toggle/v/${videoId}`)).liked)
      .toBe(true);

    await page.getByLabel('Add a comment').fill('The one I typed myself');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('Comment added successfully!').waitFor();
    const comments = page.locator('.comments > ul.comment-list:not([aria-label]) > li');
    await expect.poll(() => comments.count()).toBe(10);
    await expect.poll(() => comments.first().textContent()).toContain('The one I typed myself');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    // The comments' own More: the list of videos has one too once the server holds over a page.
    const more = page.locator('.comments').getByRole('button', { name: 'More' });
    await more.click();
    await expect.poll(() => comments.count()).toBe(20);
    await more.click();
    await expect.poll(() => comments.count()).toBe(25);
    expect(await more.isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'videos-comments-desktop.png'), fullPage: true });
    await page.close();
  });

  it('edits the video and deletes it after a confirmation', async () => {
    const { docs } = await api(context.request, `/videos/${userId}`);
    const videoId = docs[0]._id as string;
    const page = await context.newPage();
    await page.goto(`/updatevideo/${videoId}`);
    await page.getByLabel('Title').fill('Plants, light and water');
    await page.getByRole('button', { name: 'Update Video' }).click();
    await page.getByText('Video updated').waitFor();
    expect((await api(context.request, `/videos/v/${videoId}`)).title).toBe('Plants, light and water');

    await page.goto('/getvideos');
    await page.getByRole('button', { name: /Plants, light and water/ }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Video' }).click();
    await page.getByText('Video deleted successfully').waitFor();
    expect((await api(context.request, `/videos/${userId}`)).totalDocs).toBe(0);
    await page.getByText('data not found').waitFor();
    await page.close();
  });
});

describe('uploading on a phone', () => {
  it('uploads from the phone form, gets the server’s answer, and finds the video in My videos', async () => {
    const { context, userId } = await signedInContext({ width: 412, height: 915 }, true);
    const page = await context.newPage();
    await page.goto('/uploadvideo');
    await expect.poll(() => h1(page).textContent()).toBe('Upload video');
    await page.getByLabel('Title').fill('Rain and rivers');
    await page.getByLabel('Description').fill('Where the water goes after a storm.');
    await page.getByLabel('Video file').setInputFiles(path.join(fixtures, 'clip.mp4'));
    await page.getByLabel('Thumbnail image').setInputFiles(thumbnailFile);
    await page.screenshot({ path: path.join(shots, 'videos-upload-form-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Video Uploaded Successfully :)').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(shots, 'videos-uploaded-phone.png'), fullPage: true });

    const mine = await api(context.request, `/videos/${userId}`);
    expect(mine.docs.map((v: { title: string }) => v.title)).toEqual(['Rain and rivers']);
    await page.goto('/getvideos');
    await page
      .getByRole('button', { name: /Rain and rivers/ })
      .first()
      .tap();
    await page.getByRole('button', { name: 'Delete Video' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'videos-mine-phone.png'), fullPage: true });
    await context.close();
  });
});

describe('writes made offline on a phone', () => {
  it('shows a like and a comment as pending offline and sends each exactly once when back online', async () => {
    const owner = await signedInContext({ width: 1366, height: 768 });
    const videoId = await uploadClip(owner.context, 'Fractions', 'Halves and quarters');
    await owner.context.close();

    const { context } = await signedInContext({ width: 412, height: 915 }, true);
    const page = await context.newPage();
    await page.goto('/dashbord');
    await page
      .getByRole('button', { name: /Fractions/ })
      .first()
      .tap();
    await page.getByRole('button', { name: 'Like this video' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Like this video' }).tap();
    await page.getByLabel('Add a comment').fill('Written with no signal');
    await page.getByRole('button', { name: 'Comment', exact: true }).tap();
    await expect.poll(() => page.getByText('Pending', { exact: true }).count()).toBe(2);
    await page.getByText('it will be sent when you are back online').waitFor();
    await page.screenshot({ path: path.join(shots, 'videos-offline-pending-phone.png'), fullPage: true });

    await context.setOffline(false);
    await expect.poll(() => page.getByText('Pending', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    await page.getByText('Comment added successfully!').waitFor();
    const like = await api(context.request, `/likes/toggle/v/${videoId}`);
    expect(like).toEqual({ liked: true, likesCount: 1 });
    const comments = await api(context.request, `/comments/${videoId}`);
    expect(comments.docs.map((c: { content: string }) => c.content)).toEqual(['Written with no signal']);
    await page.screenshot({ path: path.join(shots, 'videos-player-phone.png'), fullPage: true });
    await context.close();
  });

  it('deletes your own comment offline: it goes at once, and the delete reaches the server once back online', async () => {
    const { context } = await signedInContext({ width: 412, height: 915 }, true);
    const videoId = await uploadClip(context, 'Decimals', 'Tenths and hundredths');
    const posted = await context.request.post(`/api/v1/comments/${videoId}`, {
      headers: { origin: baseURL },
      data: { content: 'A question I answered myself' },
    });
    expect(posted.status()).toBe(201);

    const page = await context.newPage();
    await page.goto('/dashbord');
    await page
      .getByRole('button', { name: /Decimals/ })
      .first()
      .tap();
    const comment = page.locator('li.comment', { hasText: 'A question I answered myself' });
    await comment.getByRole('button', { name: 'Delete' }).waitFor();

    await context.setOffline(true);
    page.once('dialog', (dialog) => void dialog.accept());
    await comment.getByRole('button', { name: 'Delete' }).tap();
    await expect.poll(() => comment.count()).toBe(0);
    await page.getByRole('link', { name: 'Outbox: 1 waiting' }).waitFor();

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Outbox: nothing waiting' }).waitFor({ timeout: 15_000 });
    const comments = await api(context.request, `/comments/${videoId}`);
    expect(comments.docs).toEqual([]);
    expect(await comment.count()).toBe(0);
    await context.close();
  });
});
