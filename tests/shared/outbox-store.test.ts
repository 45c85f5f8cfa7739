import { describe, expect, it } from 'vitest';
import { outboxStore, type OutboxTable, type OutboxTables } from '../../src/shared/device-db/outbox-store.ts';
import type { OutboxEntry } from '../../src/shared/outbox/model.ts';

const entry = (id: string, state: OutboxEntry['state']): OutboxEntry => ({
  id,
  seq: 1,
  lane: `|like:${id}`,
  action: { kind: 'like', target: 'v', targetId: id, liked: true },
  state,
  attempts: 0,
  notBefore: 0,
  createdAt: 0,
  owner: 'u1',
});

/** A table over a map that writes down which of its operations ran, and where. */
function table<T>(
  rows: Map<string, T>,
  key: (row: T) => string,
  log: string[],
  where: string,
): OutboxTable<T> {
  return {
    get: async (k) => (log.push(`${where} get ${k}`), rows.get(k)),
    put: async (row) => (log.push(`${where} put ${key(row)}`), rows.set(key(row), row)),
    delete: async (k) => (log.push(`${where} delete ${k}`), rows.delete(k)),
  };
}

function tables() {
  const log: string[] = [];
  const rows = new Map<string, OutboxEntry>();
  const ids = new Map<string, { ref: string; serverId: string }>();
  const db: OutboxTables = {
    entries: table(rows, (e) => e.id, log, 'alone'),
    ids: table(ids, (m) => m.ref, log, 'alone'),
    list: async () => [...rows.values()].sort((a, b) => a.seq - b.seq),
    transaction: async (work) => {
      log.push('begin');
      const result = await work(table(rows, (e) => e.id, log, 'in transaction'));
      log.push('commit');
      return result;
    },
  };
  return { db, rows, log };
}

// The operations the page (Dexie) and the worker (idb) both run on the outbox's database.
describe('the outbox store', () => {
  it('claims an entry with its read and its write in one transaction, never a failed or gone one', async () => {
    const { db, rows, log } = tables();
    const store = outboxStore(db);
    rows.set('a', entry('a', 'pending'));
    rows.set('b', entry('b', 'failed'));

    expect(await store.claim('a')).toEqual({ ...entry('a', 'pending'), state: 'sending' });
    expect(rows.get('a')?.state).toBe('sending');
    expect(log).toEqual(['begin', 'in transaction get a', 'in transaction put a', 'commit']);

    expect(await store.claim('b')).toBeUndefined();
    expect(await store.claim('gone')).toBeUndefined();
    expect(rows.get('b')?.state).toBe('failed');
    expect(rows.has('gone')).toBe(false);
  });

  it('puts, removes, and remembers the server id of what was created offline', async () => {
    const { db, rows } = tables();
    const store = outboxStore(db);
    await store.put(entry('a', 'pending'));
    expect(await store.list()).toEqual([entry('a', 'pending')]);
    await store.remove('a');
    expect(rows.size).toBe(0);
    expect(await store.resolve('local:a')).toBeUndefined();
    await store.remember('local:a', 'server-1');
    expect(await store.resolve('local:a')).toBe('server-1');
  });
});
