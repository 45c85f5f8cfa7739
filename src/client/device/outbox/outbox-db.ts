import Dexie, { liveQuery, type EntityTable } from 'dexie';
import type { OutboxStore } from '../../../shared/outbox/drain.ts';
import type { OutboxEntry } from '../../../shared/outbox/model.ts';
import { outboxDb } from '../../../shared/device-db/outbox.ts';

// The outbox's Dexie half, in a file of its own: the outbox (outbox.ts) opens it on first use,
// so the screens that show like buttons and comments render before Dexie has downloaded.

interface IdMapping {
  ref: string;
  serverId: string;
}

/** The outbox's IndexedDB database: queued entries, and server ids of tweets created offline. */
export class OutboxDatabase extends Dexie {
  entries!: EntityTable<OutboxEntry, 'id'>;
  ids!: EntityTable<IdMapping, 'ref'>;

  constructor(name: string = outboxDb.name) {
    super(name);
    this.version(outboxDb.version).stores(outboxDb.schema);
  }

  /** The drain's view of the database. */
  store(): OutboxStore {
    return {
      list: () => this.entries.orderBy('seq').toArray(),
      claim: (id) =>
        this.transaction('rw', this.entries, async () => {
          const entry = await this.entries.get(id);
          if (!entry || entry.state === 'failed') return undefined;
          const claimed: OutboxEntry = { ...entry, state: 'sending' };
          await this.entries.put(claimed);
          return claimed;
        }),
      put: async (entry) => {
        await this.entries.put(entry);
      },
      remove: (id) => this.entries.delete(id),
      resolve: async (ref) => (await this.ids.get(ref))?.serverId,
      remember: async (ref, serverId) => {
        await this.ids.put({ ref, serverId });
      },
    };
  }

  /** Follows the queue, oldest first: `show` gets it at once and after every change. */
  watch(show: (entries: OutboxEntry[]) => void): { unsubscribe(): void } {
    return liveQuery(() => this.entries.orderBy('seq').toArray()).subscribe({
      next: show,
      error: () => undefined,
    });
  }
}
