import Dexie, { type EntityTable } from 'dexie';
import { OUTBOX_DB } from '../../shared/offline.ts';
import type { OutboxStore } from '../../shared/outbox/drain.ts';
import type { OutboxEntry } from '../../shared/outbox/model.ts';

interface IdMapping {
  ref: string;
  serverId: string;
}

/** The outbox's IndexedDB database: queued entries, and server ids of tweets created offline. */
export class OutboxDatabase extends Dexie {
  entries!: EntityTable<OutboxEntry, 'id'>;
  ids!: EntityTable<IdMapping, 'ref'>;

  constructor(name = OUTBOX_DB) {
    super(name);
    this.version(1).stores({ entries: 'id, seq, lane, state', ids: 'ref' });
  }
}

/** The drain's view of the database. */
export function dexieStore(db: OutboxDatabase): OutboxStore {
  return {
    list: () => db.entries.orderBy('seq').toArray(),
    claim: (id) =>
      db.transaction('rw', db.entries, async () => {
        const entry = await db.entries.get(id);
        if (!entry || entry.state === 'failed') return undefined;
        const claimed: OutboxEntry = { ...entry, state: 'sending' };
        await db.entries.put(claimed);
        return claimed;
      }),
    put: async (entry) => {
      await db.entries.put(entry);
    },
    remove: (id) => db.entries.delete(id),
    resolve: async (ref) => (await db.ids.get(ref))?.serverId,
    remember: async (ref, serverId) => {
      await db.ids.put({ ref, serverId });
    },
  };
}
