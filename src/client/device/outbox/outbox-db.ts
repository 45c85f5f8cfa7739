import Dexie, { liveQuery, type EntityTable } from 'dexie';
import type { OutboxStore } from '../../../shared/outbox/drain.ts';
import type { OutboxEntry } from '../../../shared/outbox/model.ts';
import { outboxDb } from '../../../shared/device-db/outbox.ts';
import { outboxStore } from '../../../shared/device-db/outbox-store.ts';

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

  /** The queue, oldest first (within a transaction, as that transaction sees it). */
  list(): Promise<OutboxEntry[]> {
    return this.entries.orderBy('seq').toArray();
  }

  /** The drain's view of the database: the operations the worker runs too, over Dexie's tables. */
  store(): OutboxStore {
    return outboxStore({
      entries: this.entries,
      ids: this.ids,
      list: () => this.list(),
      transaction: (work) => this.transaction('rw', this.entries, () => work(this.entries)),
    });
  }

  /** Follows the queue, oldest first: `show` gets it at once and after every change. */
  watch(show: (entries: OutboxEntry[]) => void): { unsubscribe(): void } {
    return liveQuery(() => this.list()).subscribe({ next: show, error: () => undefined });
  }
}
