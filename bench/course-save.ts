// Saving a course for offline on a slow link: a teacher's course of ten lessons, saved by a
// student's phone (Chromium at 412x915) over a link paced to 1.5 Mbit/s. Measured: what the
// "Save course" button says before anything is sent against what the phone then holds, and how
// much of the link the save uses, beside plain fetches of the same bytes over the same paced link
// in the same run (what the link gives on this machine, without the downloader's work).
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import type { Video } from '../src/shared/contracts/videos.ts';
import { DOWNLOADS_CACHE } from '../src/shared/offline.ts';
import { downloadsDb } from '../src/shared/device-db/downloads.ts';
import { makeClip } from '../tests/helpers/clips.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { median, onPhone, signUp, uploadLesson } from './lesson.ts';
import { throttleWorkers } from './worker-pace.ts';

const LESSONS = 10;
/** The paced link: 1.5 Mbit/s, in the bytes per second the DevTools protocol takes. */
const LINK_BITS_PER_SECOND = 1.5e6;
const LINK_BYTES_PER_SECOND = LINK_BITS_PER_SECOND / 8;
/** Each round saves the course afresh, on a new phone (a new context: nothing kept). */
const ROUNDS = 3;
/** Budgets: what is stored within 1% of the size shown; the save at least 85% of the link's rate. */
const SIZE_BUDGET = 0.01;
const LINK_BUDGET = 0.85;

const mb = (bytes: number, digits = 2) => (bytes / 1e6).toFixed(digits);
const pct = (ratio: number, digits = 1) => `${(ratio * 100).toFixed(digits)}%`;
const mark = (ok: boolean) => (ok ? 'yes' : '**no**');

/** The course as the app's owner makes it: created, its lessons set in order, published. */
async function publishCourse(context: BrowserContext, origin: string, videoIds: string[]): Promise<string> {
  const headers = { origin };
  const made = await context.request.post('/api/v1/courses', {
    headers,
    data: { title: 'Fractions, ten lessons', language: 'en', description: 'A term of short lessons.' },
  });
  if (made.status() !== 201) throw new Error(`course refused: ${made.status()} ${await made.text()}`);
  const id = ((await made.json()) as { data: { _id: string } }).data._id;
  const lessons = await context.request.put(`/api/v1/courses/${id}/lessons`, { headers, data: { videoIds } });
  if (lessons.status() !== 200)
    throw new Error(`lessons refused: ${lessons.status()} ${await lessons.text()}`);
  const published = await context.request.patch(`/api/v1/courses/${id}`, {
    headers,
    data: { published: true },
  });
  if (published.status() !== 200)
    throw new Error(`publishing refused: ${published.status()} ${await published.text()}`);
  return id;
}

const PACED = {
  offline: false,
  latency: 0,
  downloadThroughput: LINK_BYTES_PER_SECOND,
  uploadThroughput: LINK_BYTES_PER_SECOND,
};

/** Paces one page's link (DevTools' throttling, which is per target). */
async function pacePage(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PACED);
  return cdp;
}

/**
 * Paces the app page's link, and its service worker's: the worker is a target of its own, and the
 * page's throttling does not reach it (tried: a 31 KB image the worker fetched took 10 ms with
 * only the page paced, 178 ms with the worker paced too). The lessons' Range requests pass the
 * worker untouched (it leaves a download's own requests to the network), so the page's throttling
 * is the one that paces them; the worker's is set so that what it fetches meanwhile (thumbnails)
 * is paced alike. The worker is reached through a browser session, as Playwright opens sessions
 * on pages only. Answers how to undo the page's.
 */
async function pace(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const cdp = await pacePage(context, page);
  const browserSession = await context.browser()!.newBrowserCDPSession();
  if ((await throttleWorkers(browserSession, new URL(page.url()).origin, PACED)) === 0)
    throw new Error('no service worker to pace');
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach().catch(() => undefined);
    await browserSession.detach().catch(() => undefined);
  };
}

// The page-side scripts are strings, not functions: tsx would add helpers the page does not have.

/** What the downloads keep on the phone: the video chunks, their records, the cache entries. */
const storedBytes = `(async () => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open(${JSON.stringify(downloadsDb.name)});
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const all = (store) => new Promise((resolve, reject) => {
    const read = db.transaction(store).objectStore(store).getAll();
    read.onsuccess = () => resolve(read.result);
    read.onerror = () => reject(read.error);
  });
  const chunks = await all('chunks');
  const records = await all('downloads');
  db.close();
  const cache = await caches.open(${JSON.stringify(DOWNLOADS_CACHE)});
  let cacheBytes = 0;
  const keys = await cache.keys();
  for (const key of keys) cacheBytes += (await (await cache.match(key)).blob()).size;
  const estimate = await navigator.storage.estimate();
  return {
    chunkBytes: chunks.reduce((n, c) => n + c.data.size, 0),
    chunks: chunks.length,
    files: new Set(chunks.map((c) => c.url)).size,
    records: records.length,
    saved: records.filter((r) => r.state === 'saved').length,
    recordBytes: records.reduce((n, r) => n + new Blob([JSON.stringify(r)]).size, 0),
    cacheBytes,
    cacheEntries: keys.length,
    usage: estimate.usage,
  };
})()`;

interface Stored {
  chunkBytes: number;
  chunks: number;
  files: number;
  records: number;
  saved: number;
  recordBytes: number;
  cacheBytes: number;
  cacheEntries: number;
  usage: number;
}

/** Plain fetches of `urls`, all at once, every body read to its end: the seconds and bytes. */
const plainFetches = (urls: string[]) => `(async () => {
  const t0 = performance.now();
  const sizes = await Promise.all(${JSON.stringify(urls)}.map(async (url) => {
    const res = await fetch(url, { cache: 'no-store' });
    const reader = res.body.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return bytes;
      bytes += value.length;
    }
  }));
  return { seconds: (performance.now() - t0) / 1000, bytes: sizes.reduce((a, b) => a + b, 0) };
})()`;

/**
 * A bare Node server of a blank page and one file of `bytes` random bytes, for the one-file
 * baseline: fetched by its own page (the app's pages may only fetch their own origin), with no
 * app and no service worker in the way.
 */
async function bareFile(bytes: number): Promise<{ page: string; file: string; close: () => void }> {
  const body = randomBytes(bytes);
  const port = await freePort();
  const server = http.createServer((req, res) => {
    if (req.url !== '/course.bin') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>baseline</title>');
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  return { page: `${origin}/`, file: `${origin}/course.bin`, close: () => server.close() };
}

interface Round {
  shownText: string;
  stored: Stored;
  usageBefore: number;
  saveSeconds: number;
  oneFile: { seconds: number; bytes: number };
  tenFiles: { seconds: number; bytes: number };
  pageRequests: number;
  pageBytes: number;
  workerRequests: number;
  workerBytes: number;
}

/** One student, on a phone with nothing kept: enrols, reads the size, then the baselines and the save. */
async function saveOnce(
  context: BrowserContext,
  origin: string,
  courseId: string,
  student: string,
  files: string[],
  bare: { page: string; file: string },
): Promise<Round> {
  await signUp(context, origin, student);
  const page = await context.newPage();
  // A large course on mobile data asks first: answered yes, as the student who tapped Save would.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await page.goto(`/courses/${courseId}`);
  await page.getByRole('button', { name: 'Enrol' }).tap();
  const save = page.getByRole('button', { name: /^Save course · [\d.]+ (KB|MB) of/ });
  await save.waitFor();
  const shownText = (await save.textContent()) ?? '';

  const plain = await context.newPage();
  await plain.goto(bare.page);
  await pacePage(context, plain);
  const oneFile = (await plain.evaluate(plainFetches([bare.file]))) as Round['oneFile'];
  await plain.close();

  const unpace = await pace(context, page);
  const tenFiles = (await page.evaluate(plainFetches(files))) as Round['tenFiles'];
  const usageBefore = ((await page.evaluate('navigator.storage.estimate()')) as { usage: number }).usage;

  // Who fetches what while the course is saved: the page (the lessons' chunks) or the worker.
  const requests: Array<Promise<{ worker: boolean; bytes: number }>> = [];
  const onFinished = (request: Request) =>
    requests.push(
      request.sizes().then(
        (s) => ({ worker: request.serviceWorker() !== null, bytes: s.responseBodySize }),
        () => ({ worker: request.serviceWorker() !== null, bytes: 0 }),
      ),
    );
  context.on('requestfinished', onFinished);
  const started = performance.now();
  await save.tap();
  await page.getByText(/^Course saved on this device · /).waitFor({ timeout: 600_000 });
  const saveSeconds = (performance.now() - started) / 1000;
  context.off('requestfinished', onFinished);
  await unpace();
  const finished = await Promise.all(requests);
  const stored = (await page.evaluate(storedBytes)) as Stored;
  await page.close();
  const by = (worker: boolean) => finished.filter((r) => r.worker === worker);
  const sum = (list: Array<{ bytes: number }>) => list.reduce((n, r) => n + r.bytes, 0);
  return {
    shownText,
    stored,
    usageBefore,
    saveSeconds,
    oneFile,
    tenFiles,
    pageRequests: by(false).length,
    pageBytes: sum(by(false)),
    workerRequests: by(true).length,
    workerBytes: sum(by(true)),
  };
}

export async function courseSaveSection(say: (line?: string) => void): Promise<void> {
  say('\n## Saving a course\n');
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
  say(`Load average when this section started: ${load()}.\n`);
  await onPhone('course-save', async ({ context, origin, dir }) => {
    // Ten lessons of a noisy 240-line picture, 26 to 35 s each, so that their 240p copies weigh
    // what real lessons do (about 1.5 MB a minute) and the course some megabytes.
    await signUp(context, origin, 'teacher');
    const lessons: Video[] = [];
    for (let i = 0; i < LESSONS; i++) {
      const clip = path.join(dir, `lesson-${i + 1}.mp4`);
      makeClip(clip, { width: 426, height: 240, seconds: 26 + i, noise: true });
      lessons.push(await uploadLesson(context, origin, clip, `Fractions, lesson ${i + 1}`));
    }
    const courseId = await publishCourse(
      context,
      origin,
      lessons.map((v) => v._id),
    );
    // What the button adds up, from the course as a student reads it: each lesson's 240p copy
    // (the quality a lesson starts in with no earlier choice and data saver off) and captions.
    const course = (
      (await (await context.request.get(`/api/v1/courses/${courseId}`)).json()) as {
        data: { lessons: Array<{ video: Video }> };
      }
    ).data;
    const chosen = course.lessons.map(
      ({ video }) =>
        video.renditions.find((r) => r.quality === '240p') ??
        video.renditions.find((r) => r.quality === '144p')!,
    );
    const captionBytes = course.lessons.reduce(
      (n, { video }) => n + video.captions.reduce((m, c) => m + c.bytes, 0),
      0,
    );
    const exact = chosen.reduce((n, r) => n + r.bytes, 0) + captionBytes;
    const files = chosen.map((r) => new URL(r.url, origin).href);

    const bare = await bareFile(exact);
    const rounds: Round[] = [];
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const phone = await context.browser()!.newContext({
          baseURL: origin,
          viewport: { width: 412, height: 915 },
          isMobile: true,
          hasTouch: true,
        });
        try {
          rounds.push(await saveOnce(phone, origin, courseId, `student${i + 1}`, files, bare));
        } finally {
          await phone.close();
        }
        process.stdout.write(
          `  course save, round ${i + 1}: ${rounds.at(-1)!.saveSeconds.toFixed(1)} s (one plain fetch ${rounds.at(-1)!.oneFile.seconds.toFixed(1)} s, ten ${rounds.at(-1)!.tenFiles.seconds.toFixed(1)} s)\n`,
        );
      }
    } finally {
      bare.close();
    }

    const shown = rounds[0]!.shownText;
    const [, amount, unit] = /^Save course · ([\d.]+) (KB|MB) of/.exec(shown) ?? [];
    const shownBytes = Number(amount) * (unit === 'MB' ? 1e6 : 1e3);
    const ideal = exact / LINK_BYTES_PER_SECOND;
    say(
      `A course of ${LESSONS} lessons (426x240 noisy clips of 26 to 35 s), saved by a new student on a new phone in each of ${ROUNDS} rounds, Chromium at 412x915, the page's and the service worker's links paced to 1.5 Mbit/s down and up (DevTools' throttling, no added latency).`,
    );
    say(
      "Stored: the video chunks in IndexedDB, the downloads cache's entries (thumbnails, captions) and the downloads' records (as JSON), read in the page after the save; beside it, what `navigator.storage.estimate()` grew by. Right before each save, over the same pacing: one plain fetch of a file of the same bytes from a bare Node server (its own blank page: no app, no worker), and plain fetches of the same ten files at once from the app's page.\n",
    );
    const qualities = [...new Set(chosen.map((r) => r.quality))].join(', ');
    say(
      `The button said "${shown}": ${mb(shownBytes, 1)} MB, rounded to 0.1 MB from the ${mb(exact, 3)} MB it adds up (${chosen.length} copies at ${qualities}, ${captionBytes ? `${captionBytes} bytes of captions` : 'no captions'}); ideal time at 1.5 Mbit/s: ${ideal.toFixed(1)} s.\n`,
    );
    say(
      '| round | stored: chunks MB (files) | thumbnails etc. KB (entries) | records KB | stored total vs added up | storage estimate grew MB | saved in s | link use | one plain fetch s (link use) | ten plain fetches s (link use) | requests seen from the page / from the worker |',
    );
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    rounds.forEach((r, i) => {
      const total = r.stored.chunkBytes + r.stored.cacheBytes + r.stored.recordBytes;
      say(
        `| ${i + 1} | ${mb(r.stored.chunkBytes, 3)} (${r.stored.files}) | ${(r.stored.cacheBytes / 1e3).toFixed(1)} (${r.stored.cacheEntries}) | ${(r.stored.recordBytes / 1e3).toFixed(1)} | ${total >= exact ? '+' : ''}${pct(total / exact - 1, 2)} | ${mb(r.stored.usage - r.usageBefore)} | ${r.saveSeconds.toFixed(1)} | ${pct(ideal / r.saveSeconds)} | ${r.oneFile.seconds.toFixed(1)} (${pct(r.oneFile.bytes / LINK_BYTES_PER_SECOND / r.oneFile.seconds)}) | ${r.tenFiles.seconds.toFixed(1)} (${pct(r.tenFiles.bytes / LINK_BYTES_PER_SECOND / r.tenFiles.seconds)}) | ${r.pageRequests} (${mb(r.pageBytes, 3)} MB) / ${r.workerRequests} (${(r.workerBytes / 1e3).toFixed(1)} KB) |`,
      );
    });
    const chunkShare = median(rounds.map((r) => r.stored.chunkBytes / exact - 1));
    const totalShare = median(
      rounds.map((r) => (r.stored.chunkBytes + r.stored.cacheBytes + r.stored.recordBytes) / exact - 1),
    );
    const totalVsShown = median(
      rounds.map((r) => (r.stored.chunkBytes + r.stored.cacheBytes + r.stored.recordBytes) / shownBytes - 1),
    );
    const estimateShare = median(rounds.map((r) => (r.stored.usage - r.usageBefore) / exact - 1));
    const saveSeconds = median(rounds.map((r) => r.saveSeconds));
    const linkUse = ideal / saveSeconds;
    const oneFileUse = median(rounds.map((r) => r.oneFile.bytes / LINK_BYTES_PER_SECOND / r.oneFile.seconds));
    const tenFilesUse = median(
      rounds.map((r) => r.tenFiles.bytes / LINK_BYTES_PER_SECOND / r.tenFiles.seconds),
    );
    const allSaved = rounds.every((r) => r.stored.saved === LESSONS);
    say(
      `\nMedians: the video bytes stored ${pct(chunkShare, 2)} from the size added up (every lesson saved: ${allSaved ? 'yes' : '**no**'}); everything the save keeps (chunks, the downloads cache, the records) ${pct(totalShare, 2)} from it and ${pct(totalVsShown, 2)} from the ${mb(shownBytes, 1)} MB shown; the storage estimate grew ${pct(estimateShare, 2)} from it. The save took ${saveSeconds.toFixed(1)} s against ${ideal.toFixed(1)} s ideal: ${pct(linkUse)} of the link, where one plain fetch of the same bytes got ${pct(oneFileUse)} and ten plain fetches of the same files at once ${pct(tenFilesUse)} (the save reaches ${pct(linkUse / oneFileUse)} of what one plain fetch got).`,
    );
    say(
      `\nBudgets: bytes stored within ${pct(SIZE_BUDGET, 0)} of the size shown: ${mark(Math.abs(totalVsShown) <= SIZE_BUDGET && allSaved)}; the save at least ${pct(LINK_BUDGET, 0)} of the link: ${mark(linkUse >= LINK_BUDGET)}.`,
    );
    say(`\nLoad average when this section ended: ${load()}.`);
  });
}
