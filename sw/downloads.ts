/// <reference lib="webworker" />
import type { IDBPDatabase } from 'idb';
import type { WorkboxPlugin } from 'workbox-core';
import { API_PREFIX } from '../src/shared/api-prefix.ts';
import { answerRange, partsFor, rangeHeaders, type FileSpan } from '../src/shared/byte-ranges.ts';
import type { Quiz } from '../src/shared/contracts/quiz.ts';
import type { Video } from '../src/shared/contracts/videos.ts';
import {
  downloadsDb as declaredDownloads,
  savedCaptions,
  type DownloadsStoreName,
} from '../src/shared/device-db/downloads.ts';
import { quizApi } from '../src/shared/endpoints/quiz.ts';
import { videosApi } from '../src/shared/endpoints/videos.ts';
import { DOWNLOAD_HEADER, DOWNLOADS_CACHE, SAVED_AT_HEADER } from '../src/shared/offline.ts';
import { openDeviceDb } from './device-db.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Downloads, answered from the device (docs/offline.md, "Downloads"): the video file from
 * the chunks it was downloaded in (IndexedDB, read with `idb` as sw/outbox-sync.ts does), sliced
 * for Range requests; its thumbnail and caption tracks from `DOWNLOADS_CACHE`; its page's API
 * read, and its practice quiz's, made from the download's record, which holds the video's data
 * and its quiz.
 *
 * Whether to take a request must be known at once, so the addresses that may be saved are kept
 * in memory. The page tells the worker nothing: the records are read at start, whenever a
 * download's own request goes by (its record is written by then, so a download is known before
 * its last chunk is in), and at every request taken, which is answered from the records as they
 * are at that moment (a download deleted a moment ago is not answered).
 */
interface Download {
  videoId: string;
  url: string;
  thumbnail: string;
  bytes: number;
  mimeType: string;
  state: string;
  createdAt: number;
  savedAt?: number;
  video?: Video;
  quiz?: Quiz;
}
type FilePart = FileSpan & { data: Blob };

/** Bytes `start` to `end` of a saved file, as a Blob made of references to its chunks. */
function sliceParts(parts: FilePart[], start: number, end: number): Blob {
  const plan = partsFor(parts, start, end);
  return new Blob(plan.parts.map((p) => p.data)).slice(plan.from, plan.to);
}

/**
 * The files of downloads under way or saved, and the thumbnails and caption tracks of saved ones;
 * unread at first.
 */
let known: Set<string> | undefined;
let reading: Promise<Download[]> = Promise.resolve([]);
let database: Promise<IDBPDatabase | null> | undefined;

// Typed by the declaration: a store renamed there fails to compile here.
const DOWNLOADS: DownloadsStoreName = 'downloads';
const CHUNKS: DownloadsStoreName = 'chunks';

function openDownloads(): Promise<IDBPDatabase | null> {
  // A newer page wants to change the schema: let it, and open again next time.
  return openDeviceDb(declaredDownloads, () => {
    database = undefined;
  });
}

const downloadsDb = () => {
  database ??= openDownloads().then((db) => {
    if (!db) database = undefined;
    return db;
  });
  return database;
};

const absolute = (address: string) => new URL(address, self.location.origin).href;

/** Reads the records again; one read after another, so an older read never replaces a newer list. */
export function readDownloads(): Promise<Download[]> {
  reading = reading
    .catch(() => [])
    .then(async () => {
      const db = await downloadsDb();
      const records = db ? ((await db.getAll(DOWNLOADS)) as Download[]) : [];
      // A download under way is taken too: the moment it is saved, its file comes from here.
      known = new Set(
        records
          .filter((r) => r.state !== 'failed')
          .flatMap((r) =>
            r.state === 'saved'
              ? [r.url, r.thumbnail, ...savedCaptions(r.video).map((caption) => caption.url)]
              : [r.url],
          )
          .map(absolute),
      );
      return records;
    });
  return reading;
}

/** Whether a request may have a saved answer. */
export function maybeSaved(request: Request, url: URL): boolean {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  if (request.headers.has(DOWNLOAD_HEADER)) {
    // The download itself must reach the server (the worker never answers what is being made),
    // and it is how the worker learns of a download started since it read the records.
    if (!known?.has(url.href)) void readDownloads();
    return false;
  }
  if (known) return known.has(url.href);
  // Just woken, the records not read yet: any stored file may be saved; the handler checks.
  return url.pathname.startsWith('/media/');
}

/** A saved file's answer to a request: the whole of it, a 206 with its part, or a 416. */
export function answerFromParts(file: Download, parts: FilePart[], range: string | null): Response {
  const answer = answerRange(range, file.bytes);
  const headers = new Headers({ 'content-type': file.mimeType, ...rangeHeaders(answer, file.bytes) });
  if (answer.status === 416) return new Response(null, { status: 416, headers });
  if (answer.status === 200) {
    return new Response(sliceParts(parts, 0, file.bytes - 1), { status: 200, headers });
  }
  return new Response(sliceParts(parts, answer.start, answer.end), {
    status: 206,
    statusText: 'Partial Content',
    headers,
  });
}

export async function answerSaved(request: Request): Promise<Response> {
  const file = (await readDownloads()).find((r) => r.state === 'saved' && absolute(r.url) === request.url);
  const db = file ? await downloadsDb() : null;
  if (file && db) {
    const parts = (await db.getAllFromIndex(CHUNKS, 'url', file.url)) as FilePart[];
    return answerFromParts(file, parts, request.headers.get('range'));
  }
  const hit = await (await caches.open(DOWNLOADS_CACHE)).match(request.url, { ignoreVary: true });
  if (hit) return hit;
  // Not saved (not yet, or not any more): the network, else any cached copy (images).
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await caches.match(request.url, { ignoreVary: true });
    if (cached) return cached;
    throw err;
  }
}

/** The video a read of `GET /api/v1/videos/v/{id}` is of (docs/api.md, "Videos"). */
function videoReadOf(address: string): string | undefined {
  const { pathname } = new URL(address);
  if (!pathname.startsWith(API_PREFIX)) return undefined;
  return videosApi.one.paramsOf(pathname.slice(API_PREFIX.length))?.videoId;
}

/** The video a read of `GET /api/v1/videos/{id}/quiz` is of (docs/api.md, "Practice"). */
function quizReadOf(address: string): string | undefined {
  const { pathname } = new URL(address);
  if (!pathname.startsWith(API_PREFIX)) return undefined;
  return quizApi.one.paramsOf(pathname.slice(API_PREFIX.length))?.videoId;
}

/** A saved video's API read (or its quiz's), as the server answers it, stamped with when it was saved. */
function savedRead(download: Download, data: Video | Quiz): Response {
  const body = { statusCode: 200, success: true, message: 'Saved on this device', data };
  const savedAt = new Date(download.savedAt ?? download.createdAt).toISOString();
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json; charset=utf-8', [SAVED_AT_HEADER]: savedAt },
  });
}

/**
 * The server says the video is gone: its data leaves every download of it, so that no one's
 * saved copy shows it again offline. The page removes its own student's download when it sees
 * the 404 (src/client/features/videos/forget-deleted.ts); another student's stays listed for
 * them to delete, as the file still plays.
 */
async function forgetVideoData(videoId: string, what: 'video' | 'quiz' = 'video'): Promise<void> {
  const db = await downloadsDb();
  if (!db) return;
  const tx = db.transaction(DOWNLOADS, 'readwrite');
  for (const record of (await tx.store.index('videoId').getAll(videoId)) as Download[]) {
    // A deleted video takes its quiz with it; a removed quiz only itself.
    if (what === 'video' && (record.video || record.quiz))
      await tx.store.put({ ...record, video: undefined, quiz: undefined });
    if (what === 'quiz' && record.quiz) await tx.store.put({ ...record, quiz: undefined });
  }
  await tx.done;
}

/**
 * A quiz read the network answered: the saved copies of its video keep this version, so that a
 * quiz the teacher wrote or changed after the lesson was saved is the one practised offline. The
 * count of questions the lesson's page shows offline comes from the saved video's data, so it
 * follows; the rest of that data (its caption tracks, which are files saved beside it) stays as
 * saved.
 */
async function keepNewerQuiz(videoId: string, response: Response): Promise<void> {
  const db = await downloadsDb();
  if (!db) return;
  let quiz: Quiz;
  try {
    quiz = ((await response.json()) as { data: Quiz }).data;
  } catch {
    return;
  }
  if (!Array.isArray(quiz?.questions)) return;
  const tx = db.transaction(DOWNLOADS, 'readwrite');
  for (const record of (await tx.store.index('videoId').getAll(videoId)) as Download[]) {
    if (record.state !== 'saved' || JSON.stringify(record.quiz) === JSON.stringify(quiz)) continue;
    const video = record.video && {
      ...record.video,
      quiz: { questions: quiz.questions.length, best: record.video.quiz?.best ?? null },
    };
    await tx.store.put({ ...record, quiz, video });
  }
  await tx.done;
}

/** The newest saved download of `videoId` that holds `field`, if any. */
async function savedWith(videoId: string, field: 'video' | 'quiz'): Promise<Download | undefined> {
  return (await readDownloads())
    .filter((r) => r.videoId === videoId && r.state === 'saved' && !!r[field])
    .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0))[0];
}

/**
 * For the API reads: a saved video's data, or its practice quiz, when neither the network nor the
 * API cache has it.
 */
export function savedReadsFallBack(): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      const gone = response.status === 404 || response.status === 410;
      const videoId = videoReadOf(request.url);
      if (videoId && gone) await forgetVideoData(videoId);
      const quizOf = quizReadOf(request.url);
      if (quizOf && gone) await forgetVideoData(quizOf, 'quiz');
      if (quizOf && response.status === 200) await keepNewerQuiz(quizOf, response.clone());
      return response;
    },
    handlerDidError: async ({ request }) => {
      const videoId = videoReadOf(request.url);
      if (videoId) {
        const saved = await savedWith(videoId, 'video');
        return saved?.video ? savedRead(saved, saved.video) : undefined;
      }
      const quizOf = quizReadOf(request.url);
      if (quizOf) {
        const saved = await savedWith(quizOf, 'quiz');
        return saved?.quiz ? savedRead(saved, saved.quiz) : undefined;
      }
      return undefined;
    },
  };
}

/**
 * Earlier releases also kept each saved video's API read in `DOWNLOADS_CACHE`. The records have
 * held the same data from the first release, so those copies only take room.
 */
export async function dropOldSavedReads(): Promise<void> {
  if (!(await caches.has(DOWNLOADS_CACHE))) return;
  const cache = await caches.open(DOWNLOADS_CACHE);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith(`${API_PREFIX}/`)) await cache.delete(request);
  }
}
