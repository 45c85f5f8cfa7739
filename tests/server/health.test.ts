import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

describe.each(databaseKinds)('GET /api/v1/healthcheck on %s', (kind) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(kind);
  });
  afterEach(async () => {
    await server.close();
  });

  it('answers 200 in the envelope when the database answers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      success: true,
      data: { status: 'ok', database: 'ready' },
    });
    expect(body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 without internal detail when the database is gone', async () => {
    await server.database.db.close();
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      statusCode: 503,
      success: false,
      message: 'The database is not reachable',
      data: null,
      errors: [{ message: 'The database is not reachable' }],
    });
    // close() must not fail on the already-closed database.
    server.database.db.close = async () => {};
  });
});
