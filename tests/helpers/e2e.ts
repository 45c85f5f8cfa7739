import fs from 'node:fs';
import path from 'node:path';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium.ts';
import type { Video } from '../../src/shared/contracts/videos.ts';
import { jpegWithExif } from './http.ts';

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

/** Waits until the service worker controls `page` (a first visit installs it and it claims the page). */
export async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** Opens `route` and reads it again under the service worker, which saves the API's answers. */
export async function openAndSave(page: Page, route: string) {
  await page.goto(route);
  await controlledByWorker(page);
  await page.reload();
}

let counter = 0;
/** The e2e server is shared by every journey file: each student gets a name of their own. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid.toString(36)}${(counter++).toString(36)}${Date.now().toString(36).slice(-5)}`;

export const password = 'correct horse battery';

/**
 * Registers a student and signs them in, which leaves the session cookies in `context`. `site` is
 * the origin the browser talks to (the server's own, unless a journey puts a link in between).
 */
export async function signUp(
  context: BrowserContext,
  prefix: string,
  fullName: string,
  site = inject('baseURL'),
) {
  const username = uniqueName(prefix);
  const avatar = await jpegWithExif(256, 256, (counter * 47) % 120);
  const origin = { origin: site };
  const registered = await context.request.post('/api/v1/users/register', {
    headers: origin,
    multipart: {
      username,
      email: `${username}@school.example`,
      fullName,
      password,
      avatar: { name: avatar.filename, mimeType: avatar.type, buffer: avatar.data },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await context.request.post('/api/v1/users/login', {
    headers: origin,
    data: { username, password },
  });
  expect(login.status()).toBe(200);
  const { data } = (await login.json()) as { data: { user: { _id: string } } };
  return { username, userId: data.user._id };
}

/**
 * Uploads a video file as a video of the student signed in on `context`, through the API, with a
 * plain thumbnail of `colour`; answers the video as created.
 */
export async function uploadVideoFile(
  context: BrowserContext,
  video: { title: string; description?: string; file: string; mimeType: string; colour: string },
  site = inject('baseURL'),
): Promise<Video> {
  const thumbnail = await sharp({
    create: { width: 320, height: 180, channels: 3, background: video.colour },
  })
    .png()
    .toBuffer();
  const res = await context.request.post('/api/v1/videos', {
    headers: { origin: site },
    multipart: {
      title: video.title,
      description: video.description ?? '',
      videoFile: {
        name: path.basename(video.file),
        mimeType: video.mimeType,
        buffer: fs.readFileSync(video.file),
      },
      thumbnail: { name: 't.png', mimeType: 'image/png', buffer: thumbnail },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Video }).data;
}

/** Uploads the small fixture clip (a WebM); answers the video's id. */
export async function uploadClip(
  context: BrowserContext,
  title: string,
  description = '',
  site = inject('baseURL'),
): Promise<string> {
  const file = path.resolve(import.meta.dirname, '../fixtures/clip.webm');
  return (
    await uploadVideoFile(context, { title, description, file, mimeType: 'video/webm', colour: '#246' }, site)
  )._id;
}

/** Uploads an MP4 made at test time (helpers/clips.ts). */
export const uploadMp4 = (context: BrowserContext, title: string, file: string, colour: string) =>
  uploadVideoFile(context, { title, file, mimeType: 'video/mp4', colour });

/**
 * Makes a course of `videoIds` through the API as the session's user (a browser context's
 * `request`, or a request context of its own), published unless told not to; answers its id.
 */
export async function publishCourse(
  session: APIRequestContext,
  title: string,
  videoIds: string[],
  { publish = true, site = inject('baseURL') }: { publish?: boolean; site?: string } = {},
): Promise<string> {
  const headers = { origin: site };
  const made = await session.post('/api/v1/courses', {
    headers,
    data: { title, language: 'en', description: `${videoIds.length} lessons made by a test.` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { data: { _id: string } }).data._id;
  const lessons = await session.put(`/api/v1/courses/${id}/lessons`, { headers, data: { videoIds } });
  expect(lessons.status(), await lessons.text()).toBe(200);
  if (publish) {
    const published = await session.patch(`/api/v1/courses/${id}`, { headers, data: { published: true } });
    expect(published.status(), await published.text()).toBe(200);
  }
  return id;
}

/** Axe's findings that a user would be blocked or badly hindered by, with where they are. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A video as the server answers it now, read as the session's user. */
export async function videoNow(session: BrowserContext, id: string): Promise<Video> {
  return ((await (await session.request.get(`/api/v1/videos/v/${id}`)).json()) as { data: Video }).data;
}

/** Waits until the video's smaller copies are made (up to 150 s), and answers it then. */
export async function processed(session: BrowserContext, id: string): Promise<Video> {
  await expect
    .poll(async () => (await videoNow(session, id)).processing.state, { timeout: 150_000, interval: 1000 })
    .toBe('done');
  return videoNow(session, id);
}
