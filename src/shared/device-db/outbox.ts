/**
 * The outbox's IndexedDB database, declared once for the page, which writes it with Dexie
 * (src/client/device/outbox/outbox-db.ts), and the service worker, which drains it with `idb`
 * (sw/outbox-sync.ts): its name, its version, its stores and their keys and indexes. The
 * operations both run on it are in outbox-store.ts.
 */
export const outboxDb = {
  name: 'eduportal-outbox',
  /** Dexie's version number (Dexie keeps ten times it in IndexedDB). */
  version: 1,
  /** Dexie's notation: the key first, then the indexes. */
  schema: {
    /** Queued actions (shared/outbox/model.ts), sent in `seq` order. */
    entries: 'id, seq, lane, state',
    /** The server's id of what was created offline, by the reference the queue used for it. */
    ids: 'ref',
  },
} as const;

export type OutboxStoreName = keyof typeof outboxDb.schema;
