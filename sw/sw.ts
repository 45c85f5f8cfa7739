/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  MEDIA_CACHE,
  OUTBOX_SYNC_TAG,
  SAVED_AT_HEADER,
  SW_MESSAGES,
  type OutboxChangedMessage,
} from '../src/shared/offline.ts';
import { unusableAnswersFallBack } from './api-reads.ts';
import { drainFromWorker } from './outbox-sync.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

/** Background Sync's event (not in TypeScript's worker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The app shell and the code of every screen, as listed by the build: all of it is on the device
// after the first visit, so every route opens offline, by link or by reload.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation is answered with the precached shell; the router picks the screen.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//],
  }),
);

// Reads of the API: the network first (fresh data whenever there is a connection, given a few
// seconds on a slow link), else the last copy, stamped with when it was saved so the screen can
// say "offline, showing what was saved at ...". An answer that is not the API's JSON, or a 5xx,
// counts as no answer (api-reads.ts). Bounded and expiring; cleared at logout.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/v1/') &&
    url.pathname !== '/api/v1/healthcheck',
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [
      unusableAnswersFallBack(),
      {
        // Only answers that can be shown again, stamped on their way into the cache.
        cacheWillUpdate: async ({ response }) => {
          if (!response.ok) return null;
          const headers = new Headers(response.headers);
          headers.set(SAVED_AT_HEADER, new Date().toISOString());
          return new Response(await response.blob(), {
            status: response.status,
            statusText: response.statusText,
            headers,
          });
        },
      },
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Stored images never change under a name (the name changes with the content): keep them.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/images/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // A new version waits until the page asks for it (after the user agrees to reload).
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  // At logout nothing private may stay on the device.
  if (type === SW_MESSAGES.clearPrivate) event.waitUntil(caches.delete(API_CACHE));
});

// The connection is back (Background Sync; Chromium browsers): send what waits in the outbox,
// even with every tab closed. If the network or the server fails again, rejecting asks the
// browser to try later (it backs off); a signed-out queue waits for the next sign-in instead.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  const delivered: NonNullable<OutboxChangedMessage['delivered']> = [];
  sync.waitUntil(
    drainFromWorker((entry, data, changes) => delivered.push({ entry, data, changes })).then(
      async (report) => {
        // Open pages learn what reached the server, as from their own drain, then read the queue.
        const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const message: OutboxChangedMessage = { type: SW_MESSAGES.outboxChanged, delivered };
        for (const page of pages) page.postMessage(message);
        // Held back by "Only on Wi-Fi" on mobile data: deferred the same way, never dropped.
        if (
          report?.stoppedBy === 'offline' ||
          report?.stoppedBy === 'server-busy' ||
          report?.stoppedBy === 'wifi-only'
        ) {
          throw new Error(`The outbox could not be sent yet (${report.stoppedBy}).`);
        }
      },
    ),
  );
});

// The first install takes control of the open page at once, so the very first visit is
// already served offline-ready; later versions only take over after SKIP_WAITING.
clientsClaim();
