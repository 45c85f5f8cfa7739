import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { searchWords } from '../../src/server/db/words.ts';
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

  it("gives a token that is not a session's the visitor's answer, with nothing written between", async () => {
    expect((await list(ana)).docs[0]!.progress).toEqual({ position: 1, completed: false });
    const forged = await server.app.inject({
      method: 'GET',
      url: URL,
      headers: { authorization: `Bearer ${ana.accessToken.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(200);
    expect((json(forged).data.docs as VideoDoc[])[0]!.progress).toBeNull();
  });
});

// On SQLite only: the test needs a database whose state nothing but the test moves, and a
// PostgreSQL server's snapshot moves with every other test's writes (the mechanism is the same).
describe('kept search answers', () => {
  let server: TestServer;
  let outside: Db;
  let renamed: string;

  beforeAll(async () => {
    // Rankings reused for two seconds.
    server = await createTestServer('sqlite', { env: { SEARCH_CACHE_SECONDS: '2' } });
    // A write the server does not make, as another instance's would be: its rankings are not
    // forgotten, only reused until they run out (docs/api.md, "Search").
    outside = openDatabase(server.database.config);
    const ana = await registerAndSignIn(server.app, 'ana');
    expect((await uploadVideo(server.app, ana, { title: 'Fractions one' })).statusCode).toBe(201);
    const other = await uploadVideo(server.app, ana, { title: 'Algebra two' });
    expect(other.statusCode).toBe(201);
    renamed = json(other).data._id as string;
  }, 60_000);

  afterAll(async () => {
    await outside?.close();
    await server?.close();
  });

  const titles = async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/videos?q=fractions' });
    expect(res.statusCode).toBe(200);
    return (json(res).data.docs as VideoDoc[]).map((d) => d.title).sort();
  };

  it('keeps an answer made from a reused ranking no longer than the ranking is reused', async () => {
    expect(await titles()).toEqual(['Fractions one']);
    await outside.kysely
      .updateTable('videos')
      .set({ title: 'Fractions two', ...searchWords({ title: 'Fractions two' }) })
      .where('id', '=', renamed)
      .execute();
    // Within the two seconds the ranking from before the write is reused: the answer lacks the
    // renamed video, and is kept.
    expect(await titles()).toEqual(['Fractions one']);
    const state = await outside.readState();
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    // Nothing was written meanwhile, so only the ranking's own limit can end the kept answer.
    expect(await outside.readState()).toBe(state);
    expect(await titles()).toEqual(['Fractions one', 'Fractions two']);
  });
});

describe('the answer cache alone', () => {
  /**
   * What one answer of the route below counts for: its key (who, the route, its parameters and
   * query) and its 108-character body at two bytes a character, and 200 bytes besides.
   */
  const ENTRY = (JSON.stringify([null, '/page/:n', { n: '1' }, {}]).length + 108) * 2 + 200;

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
    // Three answers fit in the bound, a fourth pushes out the one given longest ago (2, since 1
    // was given again after 3).
    const { app, runs, get } = await appWith(3 * ENTRY + 50);
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

  it('keeps the answer of a reader whose copy was still good (a 304)', async () => {
    const { app, runs, get } = await appWith(10_000);
    const body = JSON.stringify({ n: '1', pad: 'x'.repeat(90) });
    const revalidated = await app.inject({
      method: 'GET',
      url: '/page/1',
      headers: { 'if-none-match': etagOf(body) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(await get('/page/1')).toBe(body);
    expect(runs).toEqual(['1']);
    await app.close();
  });

  it('counts an answer kept again under a new state once', async () => {
    // Three answers fit in the bound; if the one kept three times were counted three times, the
    // other two would push it out.
    const { app, runs, get, setState } = await appWith(3 * ENTRY + 50);
    for (const state of ['s1', 's2', 's3']) {
      setState(state);
      await get('/page/1');
    }
    await get('/page/2');
    await get('/page/3');
    await get('/page/1');
    await get('/page/2');
    await get('/page/3');
    expect(runs).toEqual(['1', '1', '1', '2', '3']);
    await app.close();
  });
});
