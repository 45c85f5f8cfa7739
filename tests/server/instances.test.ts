import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { bearer, json, register, registerAndSignIn } from '../helpers/http.ts';
import { hasRedis, startRedis, type RedisProcess } from '../helpers/redis.ts';
import { createSecondInstance, createTestServer, type TestServer } from '../helpers/server.ts';

// Several app instances over one database (docs/deploy.md): what a client sees must not depend
// on which instance answers.

describe('X-Instance', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('names the instance on every answer: a read, an error, a page that does not exist', async () => {
    server = await createTestServer('sqlite', { env: { INSTANCE_ID: 'box-1' } });
    const answers = await Promise.all([
      server.app.inject({ method: 'GET', url: '/api/v1/healthcheck' }),
      server.app.inject({ method: 'GET', url: '/api/v1/no-such-call' }),
      server.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: '' } }),
      server.app.inject({ method: 'GET', url: '/media/images/none.webp' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400, 404]);
    for (const a of answers) expect(a.headers['x-instance']).toBe('box-1');
  });

  it('defaults to host name and process id', async () => {
    server = await createTestServer('sqlite');
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    expect(res.headers['x-instance']).toBe(`${os.hostname()}:${process.pid}`);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: Awaited<ReturnType<typeof createSecondInstance>>;
  let otherDataDir: string;
  beforeAll(async () => {
    // No SESSION_SECRET, and data folders of their own: nothing shared but the database.
    a = await createTestServer('postgres', { env: { SESSION_SECRET: '', INSTANCE_ID: 'a' } });
    otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-b-'));
    b = await createSecondInstance(a, { SESSION_SECRET: '', INSTANCE_ID: 'b', DATA_DIR: otherDataDir });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('a session made on one instance works on the other, and refreshes there', async () => {
    const ana = await registerAndSignIn(a.app, 'ana');
    const me = await b.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(ana) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-instance']).toBe('b');
    expect(json(me).data.username).toBe('ana');
    const refreshed = await b.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: ana.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const again = await a.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: { authorization: `Bearer ${json(refreshed).data.accessToken}` },
    });
    expect(again.statusCode).toBe(200);
  });

  it('an idempotent write sent to both instances at once makes one row', async () => {
    const count = async () =>
      Number(
        (
          await a.database.db.kysely
            .selectFrom('contact_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (let round = 0; round < 5; round++) {
      const send = (app: typeof a.app) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/contact',
          headers: { 'idempotency-key': `both-${round}` },
          payload: { name: 'Asha', email: 'asha@school.example', message: `round ${round}` },
        });
      const answers = await Promise.all([send(a.app), send(b.app)]);
      // One ran; the other replays its answer, or says it is still running (409, retry later).
      expect(answers.map((r) => r.statusCode).sort()).toSatisfy(
        (codes: number[]) => codes[0] === 201 && (codes[1] === 201 || codes[1] === 409),
      );
    }
    expect(await count()).toBe(before + 5);
  });

  it('a periodic job runs on one instance at a time', async () => {
    const other = openDatabase(a.database.config);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const first = a.database.db.exclusive('test job', async () => {
        started();
        await held;
      });
      await running;
      let ranOnSecond = false;
      expect(await other.exclusive('test job', async () => void (ranOnSecond = true))).toBe(false);
      expect(ranOnSecond).toBe(false);
      // Another job is not held back by this one.
      expect(await other.exclusive('another job', async () => undefined)).toBe(true);
      release();
      expect(await first).toBe(true);
      expect(await other.exclusive('test job', async () => void (ranOnSecond = true))).toBe(true);
      expect(ranOnSecond).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(hasRedis)('rate limits with REDIS_URL', () => {
  let redis: RedisProcess;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  const attemptsOnAlternateInstances = async (env: Record<string, string>) => {
    const a = await createTestServer('sqlite', { env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3', ...env } });
    const b = await createSecondInstance(a, { RATE_LIMIT_LOGIN_PER_MINUTE: '3', ...env });
    try {
      await register(a.app, 'ana');
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await (i % 2 === 0 ? a.app : b.app).inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { username: 'ana', password: 'wrong one!' },
        });
        codes.push(res.statusCode);
      }
      return codes;
    } finally {
      await b.close();
      await a.close();
    }
  };

  it('are shared by every instance', async () => {
    expect(await attemptsOnAlternateInstances({ REDIS_URL: redis.url })).toEqual([401, 401, 401, 429]);
  });

  it('are per process without it (the single-box default)', async () => {
    expect(await attemptsOnAlternateInstances({})).toEqual([401, 401, 401, 401]);
  });
});
