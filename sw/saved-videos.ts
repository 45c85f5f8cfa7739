/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import { answerRange, rangeHeaders } from '../src/shared/byte-ranges.ts';
import { DOWNLOAD_HEADER, SAVED_VIDEOS_CACHE } from '../src/shared/offline.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Saved lessons, answered from the device (docs/offline.md, "Saved videos"): the video file as
 * one full answer in `SAVED_VIDEOS_CACHE`, sliced here for Range requests; its thumbnail; and
 * its API read, used when the network and the API cache have nothing.
 *
 * Whether to answer a request must be known at once, so the saved addresses are kept in memory,
 * read at start and again whenever the page says it saved or deleted one.
 */
let saved: Set<string> | undefined;
let reading: Promise<Set<string>> | undefined;

export function readSavedList(): Promise<Set<string>> {
  reading = caches
    .open(SAVED_VIDEOS_CACHE)
    .then((cache) => cache.keys())
    .then((keys) => (saved = new Set(keys.map((request) => request.url))));
  return reading;
}

/** Whether a request may have a saved answer. */
export function maybeSaved(request: Request, url: URL): boolean {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  // The download itself must reach the server (sw/ never answers what it is still making).
  if (request.headers.has(DOWNLOAD_HEADER)) return false;
  if (saved) return saved.has(url.href);
  // Just woken, the list not read yet: any stored file may be saved; the handler checks.
  return url.pathname.startsWith('/media/');
}

/** A saved file's answer to a request: the whole of it, a 206 with its part, or a 416. */
export async function answerFromFull(full: Response, range: string | null): Promise<Response> {
  if (!range) return full;
  const blob = await full.blob();
  const answer = answerRange(range, blob.size);
  const headers = new Headers({
    'content-type': full.headers.get('content-type') ?? 'application/octet-stream',
    ...rangeHeaders(answer, blob.size),
  });
  if (answer.status === 416) return new Response(null, { status: 416, headers });
  if (answer.status === 200) return new Response(blob, { status: 200, headers });
  // A slice of the stored blob: nothing is read into memory beyond the part asked for.
  return new Response(blob.slice(answer.start, answer.end + 1), {
    status: 206,
    statusText: 'Partial Content',
    headers,
  });
}

export async function answerSaved(request: Request): Promise<Response> {
  await (reading ?? readSavedList());
  const cache = await caches.open(SAVED_VIDEOS_CACHE);
  const hit = await cache.match(request.url, { ignoreVary: true });
  if (hit) return answerFromFull(hit, request.headers.get('range'));
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
      const cache = await caches.open(SAVED_VIDEOS_CACHE);
      return (await cache.match(request.url, { ignoreVary: true })) ?? undefined;
    },
  };
}
