import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/databases.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('survive the server ending idle connections: the process lives and the next query works', async () => {
    const database = await createTestDatabase('postgres');
    try {
      await database.db.ping();
      const name = new URL((database.config as { connectionString: string }).connectionString).pathname.slice(
        1,
      );
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
      await expect(database.db.ping()).resolves.toBeUndefined();
    } finally {
      await database.destroy();
    }
  });
});
