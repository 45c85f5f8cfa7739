import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { json, registerAndSignIn, uploadVideo } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// DATABASE_PREPARED_STATEMENTS (docs/deploy.md, "PgBouncer in transaction mode"): on a direct
// PostgreSQL connection, statements are prepared once per connection, and the API answers as
// without them.

describe.runIf(process.env.TEST_DATABASE_URL)('named prepared statements on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('postgres');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are named on the connection, and reused', async () => {
    const config = server.database.config;
    if (config.kind !== 'postgres') throw new Error('postgres only');
    const db: Db = openDatabase({ ...config, preparedStatements: true });
    try {
      const names = await db.kysely.connection().execute(async (c) => {
        for (let i = 0; i < 3; i++)
          await c.selectFrom('videos').select('id').where('id', '=', `v${i}`).execute();
        return sql<{ name: string }>`select name from pg_prepared_statements`.execute(c);
      });
      expect(names.rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('answer the API as without them', async () => {
    const config = server.database.config;
    if (config.kind !== 'postgres') throw new Error('postgres only');
    const database = { ...config, preparedStatements: true };
    const db = openDatabase(database);
    const app = await buildApp({ config: { ...server.config, database }, db, logger: false });
    onTestFinished(async () => {
      await app.close();
      await db.close();
    });
    const ana = await registerAndSignIn(app, 'ana');
    expect((await uploadVideo(app, ana)).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      const list = await app.inject({ method: 'GET', url: '/api/v1/videos?page=1&limit=10' });
      expect(list.statusCode).toBe(200);
      expect(json(list).data.docs).toHaveLength(1);
    }
  });
});
