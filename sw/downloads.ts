/// <reference lib="webworker" />
import type { IDBPDatabase } from 'idb';
import type { WorkboxPlugin } from 'workbox-core';
import { answerRange, partsFor, rangeHeaders, type FileSpan } from '../src/shared/byte-ranges.ts';
import {
  downloadsDb as declaredDownloads,
  type DownloadsStoreName,
} from '../src/shared/device-db/downloads.ts';
import { DOWNLOAD_HEADER, DOWNLOADS_CACHE } from '../src/shared/offline.ts';
import { openDeviceDb } from './device-db.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Downloads, answered from the device (docs/offline.md, "Downloads"): the video file from
 * the chunks it was downloaded in (IndexedDB, read with `idb` as sw/outbox-sync.ts does), sliced
 * for Range requests; its thumbnail and its API read from `DOWNLOADS_CACHE`.
 *
 * Whether to answer a request must be known at once, so the saved addresses are kept in memory,
 * read at start and again whenever the page says it saved or deleted one.
 */
interface SavedFile {
  url: string;
  bytes: number;
  mimeType: string;
}
type FilePart = FileSpan & { data: Blob };

/** Bytes `start` to `end` of a saved file, as a Blob made of references to its chunks. */
function sliceParts(parts: FilePart[], start: number, end: number): Blob {
  const plan = partsFor(parts, start, end);
  return new Blob(plan.parts.map((p) => p.data)).slice(plan.from, plan.to);
}

let saved: Map<string, SavedFile | 'cache'> | undefined;
let reading: Promise<unknown> | undefined;
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

export function readSavedList(): Promise<unknown> {
  reading = (async () => {
    const next = new Map<string, SavedFile | 'cache'>();
    const cache = await caches.open(DOWNLOADS_CACHE);
    // The thumbnails only: a saved video's API read is the network's first, and comes from here
    // only when neither the network nor the API cache has it (savedReadsFallBack). Answered from
    // here first, a download's page said "offline" while online, and never saw its 404.
    for (const request of await cache.keys()) {
      if (!new URL(request.url).pathname.startsWith('/api/')) next.set(request.url, 'cache');
    }
    const db = await downloadsDb();
    const records = db ? ((await db.getAll(DOWNLOADS)) as Array<SavedFile & { state: string }>) : [];
    for (const r of records) {
      if (r.state === 'saved') next.set(new URL(r.url, self.location.origin).href, r);
    }
    saved = next;
  })();
  return reading;
}

/** Whether a request may have a saved answer. */
export function maybeSaved(request: Request, url: URL): boolean {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  // The download itself must reach the server (the worker never answers what is being made).
  if (request.headers.has(DOWNLOAD_HEADER)) return false;
  if (saved) return saved.has(url.href);
  // Just woken, the list not read yet: any stored file may be saved; the handler checks.
  return url.pathname.startsWith('/media/');
}

/** A saved file's answer to a request: the whole of it, a 206 with its part, or a 416. */
export function answerFromParts(file: SavedFile, parts: FilePart[], range: string | null): Response {
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
  await (reading ?? readSavedList());
  const found = saved?.get(request.url);
  const db = found && found !== 'cache' ? await downloadsDb() : null;
  if (found && found !== 'cache' && db) {
    const parts = (await db.getAllFromIndex(CHUNKS, 'url', found.url)) as FilePart[];
    return answerFromParts(found, parts, request.headers.get('range'));
  }
  const cache = await caches.open(DOWNLOADS_CACHE);
  const hit = await cache.match(request.url, { ignoreVary: true });
  if (hit) return hit;
  // Not saved after all (the worker had just woken): the network, else any cached copy (images).
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await caches.match(request.url, { ignoreVary: true });
    if (cached) return cached;
    throw err;
  }
}

/** For the API reads: a saved video's data when neither the network nor the API cache has it. */
export function savedReadsFallBack(): WorkboxPlugin {
  return {
    handlerDidError: async ({ request }) => {
      const cache = await caches.open(DOWNLOADS_CACHE);
      return (await cache.match(request.url, { ignoreVary: true })) ?? undefined;
    },
  };
}
