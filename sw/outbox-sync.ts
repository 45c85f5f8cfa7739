/// <reference lib="webworker" />
import type { IDBPDatabase } from 'idb';
import { drain, fetchTransport, type DrainDeps, type DrainReport } from '../src/shared/outbox/drain.ts';
import { outboxDb, type OutboxStoreName } from '../src/shared/device-db/outbox.ts';
import { outboxStore, type OutboxTables } from '../src/shared/device-db/outbox-store.ts';
import { OUTBOX_LOCK } from '../src/shared/offline.ts';
import { openDeviceDb } from './device-db.ts';
import {
  holdsBack,
  SETTINGS_CACHE,
  SETTINGS_URL,
  type WorkerSettings,
} from '../src/shared/network-policy.ts';
import { API_PREFIX } from '../src/shared/api-prefix.ts';
import { usersApi } from '../src/shared/endpoints/users.ts';

declare const self: ServiceWorkerGlobalScope;

// The worker drains the same IndexedDB queue the page fills (through Dexie), with `idb`: a few
// hundred bytes instead of Dexie's bundle in the worker. The database is declared in
// src/shared/device-db/outbox.ts, and its operations are the page's (outbox-store.ts).
const openOutbox = () => openDeviceDb(outboxDb);

// Typed by the declaration: a store renamed there fails to compile here.
const ENTRIES: OutboxStoreName = 'entries';

/** The database as the shared operations take it: `idb`'s shortcuts, and one transaction for a claim. */
function idbTables(db: IDBPDatabase): OutboxTables {
  const table = (name: OutboxStoreName) => ({
    get: (key: string) => db.get(name, key),
    put: (value: unknown) => db.put(name, value),
    delete: (key: string) => db.delete(name, key),
  });
  return {
    entries: table(ENTRIES),
    ids: table('ids'),
    list: () => db.getAllFromIndex(ENTRIES, 'seq'),
    async transaction(work) {
      const tx = db.transaction(ENTRIES, 'readwrite');
      const result = await work(tx.store);
      await tx.done;
      return result;
    },
  };
}

const api = (path: string) => `${self.location.origin}${API_PREFIX}${path}`;

/** Renews the session from its cookie; false when the server refused (signed out). */
async function refresh(): Promise<boolean> {
  const res = await fetch(api(usersApi.refreshToken.path()), {
    method: usersApi.refreshToken.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  return res.ok;
}

/** Who the cookies belong to, asked of the server (never the saved copy): entries are sent only under their owner. */
async function signedInUser(): Promise<string | undefined> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const res = await fetch(api(usersApi.currentUser.path()), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (res.ok) {
      const id = ((await res.json()) as { data?: { _id?: unknown } }).data?._id;
      return typeof id === 'string' ? id : undefined;
    }
    if (res.status !== 401 || attempt > 0 || !(await refresh())) return undefined;
  }
  return undefined;
}

/** The page's settings, as it last wrote them for the worker (src/client/lib/settings.ts). */
export async function workerSettings(): Promise<Partial<WorkerSettings>> {
  try {
    const answer = await (await caches.open(SETTINGS_CACHE)).match(SETTINGS_URL);
    return answer ? ((await answer.json()) as Partial<WorkerSettings>) : {};
  } catch {
    return {};
  }
}

/**
 * The same rule as the page's drain (src/shared/network-policy.ts): the worker's own view of the
 * connection when the browser gives it one, else what the page last saw.
 */
async function holdingBack(): Promise<boolean> {
  const settings = await workerSettings();
  const own = (self.navigator as WorkerNavigator & { connection?: { type?: string } }).connection?.type;
  const type = own !== undefined && own !== 'unknown' ? own : settings.connectionType;
  return holdsBack(settings.send ?? 'any', type);
}

/**
 * Drains the outbox from the worker (Background Sync: the tab may be closed). Holds the same Web
 * Lock as the pages, so only one drainer sends at a time; an entry found "sending" under the lock
 * was left by a tab that closed mid-send, and its key makes the resend safe.
 */
export async function drainFromWorker(
  onDelivered: NonNullable<DrainDeps['onDelivered']>,
): Promise<DrainReport | null> {
  const run = async (): Promise<DrainReport | null> => {
    const db = await openOutbox();
    if (!db) return null;
    try {
      const store = outboxStore(idbTables(db));
      for (const entry of await store.list()) {
        if (entry.state === 'sending') await store.put({ ...entry, state: 'pending' });
      }
      const holdBack = await holdingBack();
      const owner = await signedInUser();
      return await drain(
        {
          store,
          send: fetchTransport({ fetch: (url, init) => fetch(url, init) }),
          refresh: () => refresh().catch(() => false),
          now: Date.now,
          owner: () => owner,
          onDelivered,
          holdBack: () => holdBack,
        },
        { force: true },
      );
    } finally {
      db.close();
    }
  };
  return self.navigator.locks ? self.navigator.locks.request(OUTBOX_LOCK, run) : run();
}
