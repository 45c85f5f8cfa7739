import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';

// The SQLite connection keeps prepared statements and builds row objects itself
// (src/server/db/database.ts); rows must come out exactly as better-sqlite3 would make them.
describe('SQLite statements', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
  });

  it('gives the same rows as better-sqlite3, for any column names, on every reuse', async () => {
    database = await createTestDatabase('sqlite', { migrate: false });
    const db = database.db.kysely;
    const row = async (n: number) =>
      (
        await sql<Record<string, unknown>>`select ${n} as a, 'x' as "we""ird 'name", null as "__proto__",
          ${n} + 1 as a, 1.5 as b`.execute(db)
      ).rows;
    for (const n of [1, 2, 3]) {
      const [r] = await row(n);
      expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
      expect(Object.keys(r!)).toEqual(['a', `we"ird 'name`, '__proto__', 'b']);
      expect(r).toEqual({ a: n + 1, [`we"ird 'name`]: 'x', b: 1.5, ['__proto__']: null });
    }
    const plain = (await sql<{ id: number; label: string }>`select 7 as id, 'seven' as label`.execute(db))
      .rows;
    expect(plain).toEqual([{ id: 7, label: 'seven' }]);
  });

  it('streams rows too, and reuses the statement after a stream', async () => {
    database = await createTestDatabase('sqlite', { migrate: false });
    const db = database.db.kysely;
    await sql`create table t (n integer)`.execute(db);
    await sql`insert into t values (1), (2), (3)`.execute(db);
    const query = db.selectFrom('t' as never).select(sql<number>`n`.as('n'));
    const all = [{ n: 1 }, { n: 2 }, { n: 3 }];
    expect(await query.execute()).toEqual(all);
    for (let round = 0; round < 2; round++) {
      const streamed: unknown[] = [];
      for await (const r of query.stream()) streamed.push(r);
      expect(streamed).toEqual(all);
      expect(await query.execute()).toEqual(all);
    }
  });
});
