import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reusableQuery } from '../../src/server/db/reusable.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

interface T {
  t: { n: number; label: string };
}

describe.each(databaseKinds)('reusableQuery on %s', (kind) => {
  let database: TestDatabase;
  let db: Kysely<T>;
  const seen: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
    db = database.db.kysely as unknown as Kysely<T>;
    await sql`create table t (n integer, label text)`.execute(db);
    await sql`insert into t values (1, 'one'), (2, 'two'), (3, 'three'), (4, 'four')`.execute(db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const query = reusableQuery(
    (
      k: Kysely<T>,
      shape: { order: 'asc' | 'desc'; filtered: boolean },
      v: { min: number; limit: number },
    ) => {
      seen.push(JSON.stringify(shape));
      let q = k.selectFrom('t').select(['n', 'label']);
      if (shape.filtered) q = q.where('n', '>=', v.min);
      return q.orderBy('n', shape.order).limit(v.limit);
    },
  );

  it('builds each shape once and runs it with each call’s values', async () => {
    expect(await query(db, { order: 'asc', filtered: true }, { min: 2, limit: 2 })).toEqual([
      { n: 2, label: 'two' },
      { n: 3, label: 'three' },
    ]);
    expect(await query(db, { order: 'asc', filtered: true }, { min: 3, limit: 5 })).toEqual([
      { n: 3, label: 'three' },
      { n: 4, label: 'four' },
    ]);
    expect(await query(db, { order: 'desc', filtered: false }, { min: 99, limit: 1 })).toEqual([
      { n: 4, label: 'four' },
    ]);
    expect(await query(db, { order: 'desc', filtered: false }, { min: 0, limit: 3 })).toHaveLength(3);
    expect(seen).toEqual(['{"order":"asc","filtered":true}', '{"order":"desc","filtered":false}']);
  });
});
