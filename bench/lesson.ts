// A teacher and a processed lesson for the sections measured in Chromium (saved videos,
// captions): registered, signed in, uploaded and waited for through the API, as a browser would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import type { Video } from '../src/shared/contracts/videos.ts';
import { launchChromium } from '../tests/helpers/chromium.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A production server of its own and a Chromium phone (412x915) on it, with a scratch folder for
 * clips; all three gone afterwards, whatever `run` does.
 */
export async function onPhone(
  name: string,
  run: (site: { context: BrowserContext; origin: string; dir: string }) => Promise<void>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `eduportal-bench-${name}-`));
  const server = await startServerProcess();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
    });
    await run({ context, origin: server.url, dir });
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** Registers `username` and signs the context in as them. */
export async function signUp(context: BrowserContext, origin: string, username: string): Promise<void> {
  const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#37a' } })
    .png()
    .toBuffer();
  const headers = { origin };
  await context.request.post('/api/v1/users/register', {
    headers,
    multipart: {
      username,
      email: `${username}@school.example`,
      fullName: username,
      password: 'benchmark password',
      avatar: { name: 'a.png', mimeType: 'image/png', buffer: avatar },
    },
  });
  await context.request.post('/api/v1/users/login', {
    headers,
    data: { username, password: 'benchmark password' },
  });
}

/** Uploads an MP4 as the signed-in user and answers the video once its copies are made. */
export async function uploadLesson(
  context: BrowserContext,
  origin: string,
  clip: string,
  title: string,
): Promise<Video> {
  const thumbnail = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#a73' } })
    .png()
    .toBuffer();
  const res = await context.request.post('/api/v1/videos', {
    headers: { origin },
    multipart: {
      title,
      videoFile: { name: 'lesson.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) },
      thumbnail: { name: 't.png', mimeType: 'image/png', buffer: thumbnail },
    },
  });
  const id = ((await res.json()) as { data: Video }).data._id;
  for (;;) {
    const video = ((await (await context.request.get(`/api/v1/videos/v/${id}`)).json()) as { data: Video })
      .data;
    if (video.processing.state === 'done') return video;
    if (video.processing.state === 'failed') throw new Error('renditions failed');
    await new Promise((r) => setTimeout(r, 1000));
  }
}
