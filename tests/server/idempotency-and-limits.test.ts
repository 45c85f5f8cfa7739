import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, json, register, registerAndSignIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

const message = { name: 'Asha', email: 'asha@school.example', message: 'Hello' };

describe.each(databaseKinds)('Idempotency-Key on %s', (kind) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(kind);
  });
  afterEach(async () => {
    await server.close();
  });

  const countMessages = async () =>
    Number(
      (
        await server.database.db.kysely
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers a repeat with the first answer without doing the work again', async () => {
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        headers: { 'idempotency-key': 'key-123' },
        payload: message,
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await countMessages()).toBe(1);
  });

  it('answers 422 for the same key with another body, and 400 for a key over 255 characters', async () => {
    const headers = { 'idempotency-key': 'key-abc' };
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/v1/contact', headers, payload: message }))
        .statusCode,
    ).toBe(201);
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers,
      payload: { ...message, message: 'Something else' },
    });
    expect(other.statusCode).toBe(422);
    expect(json(other).message).toBe('This Idempotency-Key was already used for a different request');

    const long = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'idempotency-key': 'k'.repeat(256) },
      payload: message,
    });
    expect(long.statusCode).toBe(400);
    expect(await countMessages()).toBe(1);
  });

  it('runs concurrent repeats of one key once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/contact',
          headers: { 'idempotency-key': 'burst' },
          payload: message,
        }),
      ),
    );
    // Each is either the answer (first or replayed) or "still running, retry" (409): never a second row.
    for (const r of results) expect([201, 409]).toContain(r.statusCode);
    expect(results.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await countMessages()).toBe(1);
  });

  it('keeps keys per user: the same key from two users runs twice', async () => {
    const ana = await registerAndSignIn(server.app, 'ana');
    const ben = await registerAndSignIn(server.app, 'ben');
    const rename = (who: typeof ana, fullName: string) =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/update-account',
        headers: { ...bearer(who), 'idempotency-key': 'same-key' },
        payload: { fullName },
      });
    expect(json(await rename(ana, 'Ana One')).data.fullName).toBe('Ana One');
    expect(json(await rename(ben, 'Ben Two')).data.fullName).toBe('Ben Two');
    const replay = await rename(ana, 'Ana One');
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps refusals too, but lets a retry after an outage run', async () => {
    await registerAndSignIn(server.app, 'other');
    const ana = await registerAndSignIn(server.app, 'ana');
    const clash = () =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/update-account',
        headers: { ...bearer(ana), 'idempotency-key': 'refused' },
        payload: { email: 'other@school.example' },
      });
    expect((await clash()).statusCode).toBe(409);
    const repeat = await clash();
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers['idempotent-replayed']).toBe('true');

    // A failure on our side (the database went away) must not be replayed.
    const db = server.database.db;
    await db.kysely.schema.alterTable('contact_messages').renameTo('contact_messages_away').execute();
    const during = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'idempotency-key': 'outage' },
      payload: message,
    });
    expect(during.statusCode).toBe(500);
    await db.kysely.schema.alterTable('contact_messages_away').renameTo('contact_messages').execute();
    const after = await server.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'idempotency-key': 'outage' },
      payload: message,
    });
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await countMessages()).toBe(1);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once sign-in attempts pass the limit', async () => {
    const server = await createTestServer('sqlite', { env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3' } });
    try {
      await register(server.app, 'ana');
      const attempt = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { username: 'ana', password: 'wrong one!' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(json(limited)).toMatchObject({ statusCode: 429, success: false });
      expect(json(limited).message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('limits writes per client but never reads', async () => {
    const server = await createTestServer('sqlite', { env: { RATE_LIMIT_WRITES_PER_MINUTE: '2' } });
    try {
      const send = () => server.app.inject({ method: 'POST', url: '/api/v1/contact', payload: message });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(429);
      for (let i = 0; i < 5; i++) {
        expect((await server.app.inject({ method: 'GET', url: '/api/v1/healthcheck' })).statusCode).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});

describe('the OpenAPI description', () => {
  it('lists every call with its schemas', async () => {
    const server = await createTestServer('sqlite');
    try {
      const res = await server.app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      const paths = Object.keys(doc.paths);
      for (const p of [
        '/api/v1/healthcheck',
        '/api/v1/contact',
        '/api/v1/users/register',
        '/api/v1/users/login',
        '/api/v1/users/logout',
        '/api/v1/users/refresh-token',
        '/api/v1/users/current-user',
        '/api/v1/users/update-account',
        '/api/v1/users/change-password',
        '/api/v1/users/avatar',
        '/api/v1/users/cover-image',
        '/api/v1/users/c/{username}',
        '/api/v1/users/addhistory',
        '/api/v1/users/history',
      ]) {
        expect(paths, p).toContain(p);
      }
      const login = doc.paths['/api/v1/users/login'].post;
      expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
        expect.arrayContaining(['username', 'email', 'password']),
      );
    } finally {
      await server.close();
    }
  });
});
