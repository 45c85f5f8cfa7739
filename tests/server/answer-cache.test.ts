import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { etagOf, registerHttpCache } from '../../src/server/plugins/http-cache.ts';
import { registerAnswerCache } from '../../src/server/plugins/answer-cache.ts';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, json, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createSecondInstance, createTestServer, type TestServer } from '../helpers/server.ts';

// docs/api.md, "Caching": list answers kept against the database's state are never stale, never
// another viewer's, and keep the HTTP cache's ETag and 304.

interface VideoDoc {
  _id: string;
  title: string;
  likesCount: number;
  progress: { position: number; completed: boolean } | null;
}

describe.each(databaseKinds)('kept list answers on %s', (kind) => {
  let server: TestServer;
  let other: Awaited<ReturnType<typeof createSecondInstance>>;
  let outside: Db;
  let ana: SignedIn;
  let bob: SignedIn;
  let videoId: string;

  beforeAll(async () => {
    server = await createTestServer(kind);
    // Another instance on the same database, and a plain connection such as an operator's.
    other = await createSecondInstance(server);
    outside = openDatabase(server.database.config);
    ana = await registerAndSignIn(server.app, 'ana');
    bob = await registerAndSignIn(server.app, 'bob');
    const res = await uploadVideo(server.app, ana, { title: 'Halves' });
    expect(res.statusCode).toBe(201);
    videoId = json(res).data._id as string;
  }, 60_000);

  afterAll(async () => {
    await outside?.close();
    await other?.close();
    await server?.close();
  });

  const URL = '/api/v1/videos?page=1&limit=10';
  const list = async (who?: SignedIn, headers: Record<string, string> = {}) => {
    const res = await server.app.inject({
      method: 'GET',
      url: URL,
      headers: { ...(who ? bearer(who) : {}), ...headers },
    });
    return { res, docs: res.statusCode === 200 ? (json(res).data.docs as VideoDoc[]) : [] };
  };

  it('shows a like, an edit on another instance and a change made outside the app in the next answer', async () => {
    expect((await list(ana)).docs[0]).toMatchObject({ title: 'Halves', likesCount: 0 });
    expect((await list(ana)).docs[0]).toMatchObject({ title: 'Halves', likesCount: 0 });

    const like = await server.app.inject({
      method: 'POST',
      url: `/api/v1/likes/toggle/v/${videoId}`,
      payload: { liked: true },
      headers: bearer(bob),
    });
    expect(like.statusCode, like.body).toBe(200);
    expect((await list(ana)).docs[0]).toMatchObject({ title: 'Halves', likesCount: 1 });

    const edit = await other.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}`,
      payload: { title: 'Halves and quarters' },
      headers: bearer(ana),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await list(ana)).docs[0]).toMatchObject({ title: 'Halves and quarters', likesCount: 1 });

    await outside.kysely.updateTable('videos').set({ title: 'Thirds' }).where('id', '=', videoId).execute();
    expect((await list(ana)).docs[0]).toMatchObject({ title: 'Thirds', likesCount: 1 });
    expect((await list()).docs[0]).toMatchObject({ title: 'Thirds', likesCount: 1 });
  });

  it("never gives one viewer's answer to another, nor to a session that has ended", async () => {
    const place = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/progress/${videoId}`,
      payload: { position: 1, completed: false, at: new Date().toISOString() },
      headers: bearer(ana),
    });
    expect(place.statusCode, place.body).toBe(200);
    // Ana's answer is kept first; Bob and a signed-out visitor ask for the same URL next.
    expect((await list(ana)).docs[0]!.progress).toEqual({ position: 1, completed: false });
    expect((await list(ana)).docs[0]!.progress).toEqual({ position: 1, completed: false });
    expect((await list(bob)).docs[0]!.progress).toBeNull();
    expect((await list()).docs[0]!.progress).toBeNull();

    const session = await registerAndSignIn(server.app, 'cai');
    await server.app.inject({
      method: 'PUT',
      url: `/api/v1/progress/${videoId}`,
      payload: { position: 2, completed: true, at: new Date().toISOString() },
      headers: bearer(session),
    });
    expect((await list(session)).docs[0]!.progress).toEqual({ position: 2, completed: true });
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: bearer(session),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await list(session)).docs[0]!.progress).toBeNull();
  });

  it("gives a kept answer with its body's ETag, and a 304 to a revalidation", async () => {
    const first = await list(bob);
    const kept = await list(bob);
    expect(kept.res.body).toBe(first.res.body);
    expect(kept.res.headers.etag).toBe(etagOf(kept.res.body));
    expect(kept.res.headers['content-type']).toBe(first.res.headers['content-type']);
    expect(kept.res.headers['cache-control']).toBe('private, no-cache');
    const revalidated = await list(bob, { 'if-none-match': kept.res.headers.etag as string });
    expect(revalidated.res.statusCode).toBe(304);
    expect(revalidated.res.body).toBe('');
  });

  it('answers a malformed query as before, without keeping anything', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/videos?page=0' });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('the answer cache alone', () => {
  /** A route declared to keep answers whose handler counts its runs; the state is set by the test. */
  async function appWith(maxBytes: number, handler?: (n: string) => Promise<void>) {
    const app = Fastify();
    let state = 's1';
    const runs: string[] = [];
    registerHttpCache(app);
    registerAnswerCache(app, { readState: async () => state, maxBytes });
    app.get<{ Params: { n: string } }>('/page/:n', { config: { keepAnswers: true } }, async (request) => {
      runs.push(request.params.n);
      await handler?.(request.params.n);
      return { n: request.params.n, pad: 'x'.repeat(90) };
    });
    app.get('/plain', async () => {
      runs.push('plain');
      return { plain: true };
    });
    await app.ready();
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    return { app, runs, get, setState: (s: string) => (state = s) };
  }

  it('keeps only declared routes, and reads again when the state moves', async () => {
    const { app, runs, get, setState } = await appWith(10_000);
    const a = await get('/page/1');
    expect(await get('/page/1')).toBe(a);
    await get('/plain');
    await get('/plain');
    expect(runs).toEqual(['1', 'plain', 'plain']);
    setState('s2');
    expect(await get('/page/1')).toBe(a);
    expect(runs).toEqual(['1', 'plain', 'plain', '1']);
    await app.close();
  });

  it('holds no more than its bound, dropping the answer given longest ago', async () => {
    // Each answer is 108 characters: three fit in 350, a fourth pushes out the one given longest
    // ago (2, since 1 was given again after 3).
    const { app, runs, get } = await appWith(350);
    for (const n of ['1', '2', '3']) await get(`/page/${n}`);
    await get('/page/1');
    expect(runs).toEqual(['1', '2', '3']);
    await get('/page/4');
    await get('/page/1');
    await get('/page/2');
    expect(runs).toEqual(['1', '2', '3', '4', '2']);
    await app.close();
  });

  it('makes an answer once for readers who ask together, and lets them make their own if it fails', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let failFirst = true;
    const { app, runs } = await appWith(10_000, async (n) => {
      await gate;
      if (n === 'x' && failFirst) {
        failFirst = false;
        throw new Error('the database went away');
      }
    });
    const together = Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/page/1' }));
    await new Promise((r) => setTimeout(r, 20));
    open();
    const answers = await Promise.all(together);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(runs).toEqual(['1']);

    const afterFailure = await Promise.all(
      Array.from({ length: 3 }, () => app.inject({ method: 'GET', url: '/page/x' })),
    );
    expect(afterFailure.map((a) => a.statusCode).sort()).toEqual([200, 200, 500]);
    expect(runs.filter((r) => r === 'x').length).toBeGreaterThanOrEqual(2);
    await app.close();
  });
});
