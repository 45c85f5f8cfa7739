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
  SCREENS_CACHE,
  OUTBOX_SYNC_TAG,
  SAVED_AT_HEADER,
  SW_MESSAGES,
  type OutboxChangedMessage,
} from '../src/shared/offline.ts';
import { goneAnswersForget, unusableAnswersFallBack } from './api-reads.ts';
import {
  answerSaved,
  dropOldSavedReads,
  maybeSaved,
  readDownloads,
  savedReadsFallBack,
} from './downloads.ts';
import { SCREENS_SIZE_URL, SETTINGS_CACHE } from '../src/shared/network-policy.ts';
import { drainFromWorker, workerSettings } from './outbox-sync.ts';
import { API_PREFIX } from '../src/shared/api-prefix.ts';
import { apiUrl } from '../src/shared/endpoint.ts';
import { siteApi } from '../src/shared/endpoints/site.ts';

/** A precache entry; `screen` marks a file only screens not yet opened need (scripts/vite/screens-manifest.ts). */
type AppFile = PrecacheEntry & { screen?: boolean; bytes?: number };

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<AppFile | string>;
};

/** Background Sync's event (not in TypeScript's worker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The app shell (shell.html and what it loads, icons, the Hindi words) is precached at install.
// The code of the other screens is downloaded at install too, so that every route opens offline,
// unless data saver is on: then each screen's files are kept as it is opened, and a first visit
// costs only what it shows (docs/offline.md, "Data saver").
const files: AppFile[] = self.__WB_MANIFEST.map((entry) =>
  typeof entry === 'string' ? { url: entry, revision: null } : entry,
);
precacheAndRoute(
  files.filter((entry) => !entry.screen).map(({ url, revision }) => ({ url, revision: revision ?? null })),
);
cleanupOutdatedCaches();
const screenFiles = new Set(
  files.filter((entry) => entry.screen).map((entry) => new URL(entry.url, self.location.href).pathname),
);

/** The Hindi words (hi.ts and its marketing and settings parts), by their built names. */
const isHindiWords = (file: string) => /^\/assets\/hi-[\w-]+\.js$/.test(file);

/**
 * Downloads the screens' files not on the device yet: all of them with data saver off; with it
 * on, only the Hindi words, and only for a student who reads Hindi (or whose language the page
 * has not said), who cannot start offline after an update without them.
 */
async function saveScreens(only?: (file: string) => boolean): Promise<void> {
  const cache = await caches.open(SCREENS_CACHE);
  const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  await Promise.all(
    [...screenFiles]
      .filter((file) => !kept.has(file) && (only?.(file) ?? true))
      .map((file) => cache.add(file).catch(() => undefined)),
  );
}

self.addEventListener('install', (event) => {
  // Not a condition of the install: a screen missed now is kept when it is first opened.
  const screens = files.filter((entry) => entry.screen);
  const size = { files: screens.length, bytes: screens.reduce((sum, entry) => sum + (entry.bytes ?? 0), 0) };
  event.waitUntil(
    caches
      .open(SETTINGS_CACHE)
      .then((cache) => cache.put(SCREENS_SIZE_URL, new Response(JSON.stringify(size))))
      .catch(() => undefined),
  );
  event.waitUntil(
    workerSettings()
      .then((settings) => {
        if (!settings.dataSaver) return saveScreens();
        return settings.language === 'en' ? undefined : saveScreens(isHindiWords);
      })
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  // Files of an earlier version's screens (their names change with their content) go.
  event.waitUntil(
    caches.open(SCREENS_CACHE).then(async (cache) => {
      for (const request of await cache.keys()) {
        if (!screenFiles.has(new URL(request.url).pathname)) await cache.delete(request);
      }
    }),
  );
});

// A screen's files: from the device when kept, else from the network, then kept.
registerRoute(
  ({ url }) => url.origin === self.location.origin && screenFiles.has(url.pathname),
  new CacheFirst({ cacheName: SCREENS_CACHE }),
);

// Downloads first (docs/offline.md, "Downloads"): a saved video, its thumbnail, from the
// device, online too, so that nothing is downloaded twice; Range requests get 206s. Their cache
// is not the precache's, so an update never removes it.
void readDownloads();
// The copies of saved videos' API reads that earlier releases kept beside the thumbnails go.
self.addEventListener('activate', (event) => event.waitUntil(dropOldSavedReads()));
registerRoute(
  ({ url, request }) => maybeSaved(request, url),
  ({ request }) => answerSaved(request),
);

// Every navigation is answered with the precached shell; the router picks the screen. The shell
// is the app's start without any screen's preloads or prerendered page (index.html is the home
// screen's page: served for every screen, it had each one download the home page's styles).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/shell.html'), {
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
    url.pathname.startsWith(`${API_PREFIX}/`) &&
    url.pathname !== apiUrl(siteApi.health.path()),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [
      unusableAnswersFallBack(),
      // What the server says is gone is not kept to be shown offline later.
      goneAnswersForget([API_CACHE]),
      // A saved video's page opens offline even after sign-out emptied the API cache (made from
      // its download); a video the server says is gone is not shown from a download either.
      savedReadsFallBack(),
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
      {
        // With the app's data saver on, the server sends smaller copies (it honours Save-Data,
        // src/server/plugins/media.ts), as it does for a phone whose own data saver is on.
        requestWillFetch: async ({ request }) => {
          if (!(await workerSettings()).dataSaver || request.headers.get('save-data')) return request;
          const headers = new Headers(request.headers);
          headers.set('Save-Data', 'on');
          return new Request(request.url, { headers, credentials: 'same-origin' });
        },
      },
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
  // Data saver was turned off: what it left for later is downloaded now.
  if (type === SW_MESSAGES.saveScreens) event.waitUntil(saveScreens());
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
