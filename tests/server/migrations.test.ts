import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

describe.each(databaseKinds)('migrations on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
  });

  it('bring an empty database to the latest schema, once', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    const first = await migrateToLatest(database.db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['0001-contact-messages', 'Success'],
      ['0002-accounts', 'Success'],
      ['0003-channels', 'Success'],
      ['0004-social', 'Success'],
    ]);
    const second = await migrateToLatest(database.db);
    expect(second.results).toEqual([]);

    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db.kysely,
    );
    expect(applied.rows.map((r) => r.name)).toEqual([
      '0001-contact-messages',
      '0002-accounts',
      '0003-channels',
      '0004-social',
    ]);
  });
});
