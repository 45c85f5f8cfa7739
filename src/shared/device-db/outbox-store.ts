import type { OutboxStore } from '../outbox/drain.ts';
import type { OutboxEntry } from '../outbox/model.ts';

// The outbox database's operations, for the page and the worker alike. Apart from its declaration
// (outbox.ts), which the first route imports for the name: only code that opens the database carries them.

/** One store of the outbox's database, as a Dexie table (the page) or an `idb` object store (the worker). */
export interface OutboxTable<T> {
  get(key: string): PromiseLike<T | undefined>;
  put(value: T): PromiseLike<unknown>;
  delete(key: string): PromiseLike<unknown>;
}

/** The database as both sides supply it: outbox-db.ts with Dexie, sw/outbox-sync.ts with `idb`. */
export interface OutboxTables {
  entries: OutboxTable<OutboxEntry>;
  /** The server's id of what was created offline, by the reference the queue used for it. */
  ids: OutboxTable<{ ref: string; serverId: string }>;
  /** Every entry, in `seq` order. */
  list(): PromiseLike<OutboxEntry[]>;
  /** Runs `work` in one read-write transaction of `entries`, on the store of that transaction. */
  transaction<T>(work: (entries: OutboxTable<OutboxEntry>) => Promise<T>): PromiseLike<T>;
}

/** The drain's store (src/shared/outbox/drain.ts) over the outbox's database. */
export function outboxStore(db: OutboxTables): OutboxStore {
  return {
    list: async () => db.list(),
    // One transaction: an enqueue (the page's, one transaction too) cannot change the entry
    // between this read and the write, so what is sent is the entry as it now stands.
    claim: async (id) =>
      db.transaction(async (entries) => {
        const entry = await entries.get(id);
        if (!entry || entry.state === 'failed') return undefined;
        const claimed: OutboxEntry = { ...entry, state: 'sending' };
        await entries.put(claimed);
        return claimed;
      }),
    put: async (entry) => {
      await db.entries.put(entry);
    },
    remove: async (id) => {
      await db.entries.delete(id);
    },
    resolve: async (ref) => (await db.ids.get(ref))?.serverId,
    remember: async (ref, serverId) => {
      await db.ids.put({ ref, serverId });
    },
  };
}
