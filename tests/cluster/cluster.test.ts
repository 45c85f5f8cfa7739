import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApp, type AppProcess } from '../../scripts/lib/services.mjs';
import { httpApp } from '../helpers/http-app.ts';
import {
  bearer,
  clip,
  json,
  multipart,
  png,
  register,
  registerAndSignIn,
  uploadVideo,
} from '../helpers/http.ts';

// The checks of docs/deploy.md, "The local cluster", on PostgreSQL behind PgBouncer in
// transaction mode, Redis, radosgw and two app instances behind nginx (global-setup.ts).

const cluster = inject('cluster');
const [one, two] = cluster.apps as [(typeof cluster.apps)[number], (typeof cluster.apps)[number]];
const viaNginx = httpApp(cluster.url);
const viaOne = httpApp(one.url);
const viaTwo = httpApp(two.url);
const name = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;

let db: pg.Pool;
beforeAll(() => {
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
});
afterAll(async () => {
  await db.end();
});

describe('a cluster of two instances behind nginx', () => {
  it('spreads requests over both instances', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${cluster.url}/api/v1/healthcheck`);
      expect(res.status).toBe(200);
      seen.add(res.headers.get('x-instance') ?? '');
    }
    expect([...seen].sort()).toEqual(['app-1', 'app-2']);
  });

  it('migrated once, though both instances started at once', async () => {
    const { rows } = await db.query<{ name: string; n: string }>(
      'select name, count(*) as n from kysely_migration group by name',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    const logs = [one, two].map((a) => fs.readFileSync(a.log, 'utf8'));
    const migrated = logs.filter((text) => text.includes('migration 0001-contact-messages: Success'));
    expect(migrated).toHaveLength(1);
  });

  it('a session made on one instance works on the other', async () => {
    const ana = await registerAndSignIn(viaOne, name('ana'));
    const me = await viaTwo.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: bearer(ana),
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-instance']).toBe('app-2');
    expect(json(me).data._id).toBe(ana.userId);
  });

  it('an idempotent write sent to both instances at once makes one row', async () => {
    const ben = await registerAndSignIn(viaOne, name('ben'));
    const key = randomUUID();
    const content = `once ${key}`;
    const send = (app: typeof viaOne) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/tweets',
        headers: { ...bearer(ben), 'idempotency-key': key },
        payload: { content },
      });
    const answers = await Promise.all([send(viaOne), send(viaTwo)]);
    expect(new Set(answers.map((a) => a.headers['x-instance']))).toEqual(new Set(['app-1', 'app-2']));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const { rows } = await db.query('select id from tweets where content = $1', [content]);
    expect(rows).toHaveLength(1);
  });

  it('shares a rate limit across instances (Redis)', async () => {
    // Two more instances on the same services, with a low sign-in limit, reached directly; the
    // address they count by is one made up for this test (TRUST_PROXY: as nginx would send it).
    const env = { ...cluster.appEnv, RATE_LIMIT_LOGIN_PER_MINUTE: '3', MIGRATE_AT_START: 'false' };
    const extra: AppProcess[] = [];
    try {
      extra.push(await startApp(cluster.dir, 'limit-a', env), await startApp(cluster.dir, 'limit-b', env));
      const who = name('cat');
      expect((await register(viaNginx, who)).statusCode).toBe(201);
      const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${extra[i % 2]!.url}/api/v1/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ username: who, password: 'wrong one!' }),
        });
        codes.push(res.status);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      for (const app of extra) await app.stop();
    }
  });

  it('serves an upload made through one instance, with Range, from the other', async () => {
    const dan = await registerAndSignIn(viaOne, name('dan'));
    const made = await uploadVideo(viaOne, dan);
    expect(made.statusCode, made.body).toBe(201);
    const videoUrl = String(json(made).data.videoFile);
    expect(videoUrl).toMatch(/^\/media\/videos\//);
    const original = clip('mp4').data;

    const part = await fetch(`${two.url}${videoUrl}`, { headers: { range: 'bytes=100-299' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('x-instance')).toBe('app-2');
    expect(part.headers.get('content-range')).toBe(`bytes 100-299/${original.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(original.subarray(100, 300));

    const whole = await fetch(`${two.url}${videoUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(original);
  });

  it('makes the renditions of an upload once, on one of the instances, into the shared store', async () => {
    const eva = await registerAndSignIn(viaOne, name('eva'));
    const made = await uploadVideo(viaOne, eva);
    expect(made.statusCode, made.body).toBe(201);
    const id = String(json(made).data._id);
    // Both instances run a worker; the job table hands the job to exactly one of them.
    let video;
    do {
      await new Promise((r) => setTimeout(r, 250));
      video = json(await viaTwo.inject({ method: 'GET', url: `/api/v1/videos/v/${id}` })).data;
    } while (video.processing.state === 'queued' || video.processing.state === 'running');
    expect(video.processing.state).toBe('done');
    const { rows } = await db.query<{ attempts: number; worker: string }>(
      `select attempts, worker from jobs where kind = 'renditions' and subject = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
    const small = (video.renditions as Array<{ quality: string; url: string; bytes: number }>).find(
      (r) => r.quality === '144p',
    )!;
    for (const app of [one, two]) {
      const res = await fetch(`${app.url}${small.url}`);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(small.bytes);
    }
  });

  it('completes a resumable upload whose chunks go to different instances', async () => {
    const eve = await registerAndSignIn(viaOne, name('eve'));
    const bytes = clip('webm').data;
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const tus = (base: string, method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
      fetch(`${base}${url}`, {
        method,
        headers: { 'tus-resumable': '1.0.0', ...bearer(eve), ...headers },
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
    const created = await tus(one.url, 'POST', '/api/v1/uploads', {
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64('clip.webm')},filetype ${b64('video/webm')}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const chunk = 20_000;
    const cuts = [0, chunk, 2 * chunk, bytes.length];
    for (let i = 0; i < cuts.length - 1; i++) {
      const base = i % 2 === 0 ? two.url : one.url;
      const res = await tus(
        base,
        'PATCH',
        location,
        { 'upload-offset': String(cuts[i]), 'content-type': 'application/offset+octet-stream' },
        bytes.subarray(cuts[i], cuts[i + 1]),
      );
      expect(res.status, await res.clone().text()).toBe(204);
      expect(res.headers.get('upload-offset')).toBe(String(cuts[i + 1]));
    }
    const head = await tus(two.url, 'HEAD', location, {});
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));

    const form = await multipart({
      title: 'Across instances',
      description: '',
      uploadId: location.split('/').pop()!,
      thumbnail: await png(),
    });
    const video = await viaTwo.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: { ...bearer(eve), ...form.headers },
      payload: form.payload,
    });
    expect(video.statusCode, video.body).toBe(201);
    const stored = await fetch(`${one.url}${json(video).data.videoFile}`);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(bytes);
  });

  it('fails over when an instance is killed mid-load, and loses no acknowledged write', async () => {
    const fay = await registerAndSignIn(viaNginx, name('fay'));
    const acknowledged: string[] = [];
    const acknowledgedAfterKill: string[] = [];
    /** Writes whose request was on the killed instance: their claim stays "in progress" (409) until abandoned. */
    const unacknowledged: string[] = [];
    let killed = false;
    const write = async (i: number) => {
      const key = randomUUID();
      // A client retries a failed write with the same Idempotency-Key, as the outbox does.
      for (let attempt = 0; attempt < 5; attempt++) {
        const res = await fetch(`${cluster.url}/api/v1/tweets`, {
          method: 'POST',
          headers: { ...bearer(fay), 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ content: `load ${i} ${key}` }),
        }).catch(() => undefined);
        if (res?.status === 201) {
          const id = (await res.json()).data._id as string;
          acknowledged.push(id);
          if (killed) acknowledgedAfterKill.push(id);
          return;
        }
        await res?.arrayBuffer();
        await new Promise((r) => setTimeout(r, 100));
      }
      unacknowledged.push(key);
    };
    const workers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = w; i < 200; i += 4) {
        if (i >= 80 && !killed) {
          killed = true;
          process.kill(two.pid, 'SIGKILL');
        }
        await write(i);
      }
    });
    await Promise.all(workers);
    expect(killed).toBe(true);
    // Only the requests in flight on the killed instance can be left unanswered: at most one per worker.
    expect(unacknowledged.length).toBeLessThanOrEqual(4);
    expect(acknowledgedAfterKill.length).toBeGreaterThanOrEqual(110);
    const { rows } = await db.query<{ id: string }>('select id from tweets where id = any($1)', [
      acknowledged,
    ]);
    expect(rows).toHaveLength(acknowledged.length);
    // nginx now sends everything to the instance that is left.
    for (let i = 0; i < 4; i++) {
      const after = await fetch(`${cluster.url}/api/v1/healthcheck`);
      expect(after.status).toBe(200);
      expect(after.headers.get('x-instance')).toBe('app-1');
    }
  });
});
