import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { RenditionsRepository } from '../../src/server/modules/renditions/renditions.repository.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';
import { bearer, json, multipart, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';

/**
 * Every read that answers a list, or a video, and how many SQL statements one request of it
 * runs, signed in (the session check is one of them). A count, not a time: a page of videos is
 * one indexed read, and a change that adds a query per request (or per row) to any of these
 * fails here on both databases, whatever the machine's speed.
 *
 * A new list route joins by being declared here: the last test fails for any GET route whose
 * answer is a page of documents, or carries a video, that no case below covers.
 */
const CASES: Array<{ route: string; url: (ids: Ids) => string; statements: number; why: string }> = [
  {
    route: '/api/v1/videos',
    url: () => '/api/v1/videos?page=1&limit=20',
    statements: 2,
    why: 'session, the page joined to owners with the kept total',
  },
  {
    route: '/api/v1/videos',
    url: () => '/api/v1/videos?page=2&limit=1',
    statements: 3,
    why: 'a later page: session, kept total (where the page lies depends on it), the page',
  },
  {
    route: '/api/v1/videos',
    url: () => '/api/v1/videos?q=lesson',
    statements: 3,
    why: 'session, the matching ids with their total, their rows',
  },
  {
    route: '/api/v1/videos/{userId}',
    url: (ids) => `/api/v1/videos/${ids.ana}`,
    statements: 3,
    why: 'session, the channel exists, its page with its count',
  },
  {
    route: '/api/v1/videos/v/{videoId}',
    url: (ids) => `/api/v1/videos/v/${ids.video}`,
    statements: 2,
    why: 'session, the video joined to its owner',
  },
  {
    route: '/api/v1/users/history',
    url: () => '/api/v1/users/history',
    statements: 3,
    why: 'session, the page, its count',
  },
  {
    route: '/api/v1/likes/videos',
    url: () => '/api/v1/likes/videos',
    statements: 3,
    why: 'session, the page, its count',
  },
  {
    route: '/api/v1/comments/{videoId}',
    url: (ids) => `/api/v1/comments/${ids.video}`,
    statements: 3,
    why: 'session, the kept count (and whether the video exists), the page',
  },
  {
    route: '/api/v1/tweets',
    url: () => '/api/v1/tweets',
    statements: 3,
    why: 'session, kept total, the page',
  },
  {
    route: '/api/v1/tweets/user/{userId}',
    url: (ids) => `/api/v1/tweets/user/${ids.ana}`,
    statements: 4,
    why: 'session, the user exists, the count, the page',
  },
  {
    route: '/api/v1/subscriptions/c/{channelId}',
    url: (ids) => `/api/v1/subscriptions/c/${ids.ana}`,
    statements: 3,
    why: 'session, the count, the page',
  },
  {
    route: '/api/v1/subscriptions/u/{userId}',
    url: (ids) => `/api/v1/subscriptions/u/${ids.ana}`,
    statements: 3,
    why: 'session, the count, the page',
  },
  {
    route: '/api/v1/courses',
    url: () => '/api/v1/courses',
    statements: 3,
    why: "session, the page joined to owners with its count, kept lesson totals and enrolment, the viewer's places in their lessons",
  },
  {
    route: '/api/v1/courses',
    url: () => '/api/v1/courses?q=numbers',
    statements: 4,
    why: "session, the matching ids with their total, their rows (owners, lesson totals, enrolment), the viewer's places",
  },
  {
    route: '/api/v1/courses/enrolled',
    url: () => '/api/v1/courses/enrolled',
    statements: 3,
    why: "session, the page joined to owners with its count and kept lesson totals, the viewer's places in their lessons",
  },
  {
    route: '/api/v1/courses/user/{userId}',
    url: (ids) => `/api/v1/courses/user/${ids.ana}`,
    statements: 3,
    why: "session, the page with its count, lesson totals and enrolment (the user is looked up only for an empty page), the viewer's places",
  },
  {
    route: '/api/v1/courses/{courseId}',
    url: (ids) => `/api/v1/courses/${ids.course}`,
    statements: 5,
    why: "session, the course with its owner, kept lesson totals and enrolment, the viewer's places, the lessons' ids, their videos",
  },
  {
    route: '/api/v1/progress/recent',
    url: () => '/api/v1/progress/recent',
    statements: 4,
    why: 'session, the latest places, their videos, the courses they are lessons of',
  },
];

interface Ids {
  ana: string;
  bob: string;
  video: string;
  course: string;
}

/** Whether an OpenAPI response schema is a page of documents, or has a video somewhere in it. */
function listsOrVideo(schema: unknown): boolean {
  const data = (schema as { properties?: { data?: { properties?: Record<string, unknown> } } })?.properties
    ?.data;
  if (data?.properties && 'docs' in data.properties) return true;
  return JSON.stringify(schema ?? {}).includes('"renditions"');
}

describe.each(databaseKinds)('SQL statements per list request on %s', (kind) => {
  let database: TestDatabase;
  let counted: Db;
  let app: FastifyInstance;
  let ana: SignedIn;
  let ids: Ids;
  let collecting: string[] | undefined;
  let keeping: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A second handle on the same database that reports every statement it runs. Requests are
    // sent one at a time and nothing else runs meanwhile (no job workers; the housekeeping timers
    // are minutes apart; back-fills start only when a server listens), so the statements seen
    // while a request is answered are its own.
    counted = openDatabase(database.config, {
      onQuery: (sql) => collecting?.push(sql),
    });
    const config: Config = {
      ...loadConfig(
        {
          DATA_DIR: database.dir,
          CLIENT_DIR: path.join(database.dir, 'no-client'),
          LOG_LEVEL: 'silent',
          SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
          RENDITION_WORKERS: '0',
          // Every search ranked afresh: a ranking reused within the window (search-remembered
          // tests) skips the statement that finds the matches, and the count is of the full path.
          SEARCH_CACHE_SECONDS: '0',
          // The route's own statements: the kept answers are counted by their own tests below,
          // on a second app over the same database with them on, as they are by default.
          ANSWER_CACHE_MB: '0',
        },
        database.dir,
      ),
      database: database.config,
    };
    app = await buildApp({ config, db: counted, logger: false });
    await app.ready();
    keeping = await buildApp({
      config: { ...config, answerCacheMb: loadConfig({}, database.dir).answerCacheMb },
      db: counted,
      logger: false,
    });
    await keeping.ready();

    ana = await registerAndSignIn(app, 'ana');
    const bob = await registerAndSignIn(app, 'bob');
    const videos: string[] = [];
    for (const title of ['First lesson', 'Second lesson', 'Third lesson']) {
      const res = await uploadVideo(app, ana, { title });
      expect(res.statusCode).toBe(201);
      videos.push(json(res).data._id as string);
    }
    ids = { ana: ana.userId, bob: bob.userId, video: videos[0]!, course: '' };
    // One video with renditions published, as a worker publishes them (the copies name the
    // original's own file here: what is counted is the statements, not the bytes).
    const original = await counted.kysely
      .selectFrom('videos')
      .select(['video_file', 'video_bytes'])
      .where('id', '=', videos[1]!)
      .executeTakeFirstOrThrow();
    await new RenditionsRepository(counted.kysely).replace(
      videos[1]!,
      [
        {
          quality: '144p',
          file: original.video_file,
          bytes: 1000,
          mime_type: 'video/mp4',
          height: 144,
          bitrate: 50_000,
          created_at: new Date().toISOString(),
        },
      ],
      { bytes: Number(original.video_bytes), mime: 'video/mp4', height: 360 },
    );
    // Caption tracks on the first video: answered from the row's summary, at no statement's cost.
    for (const language of ['hi', 'en']) {
      const form = await multipart({
        language,
        file: {
          filename: 'c.vtt',
          type: 'text/vtt',
          data: Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'),
        },
      });
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/videos/${videos[0]}/captions`,
        headers: { ...bearer(ana), ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A practice quiz on the first video, and an attempt at it by Ana (who reads every list
    // below): the question count comes from the row, her best from the statement that reads it.
    const quiz = await app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${videos[0]}/quiz`,
      headers: bearer(ana),
      payload: {
        questions: [
          { prompt: 'Half of 8?', kind: 'one', choices: ['2', '4'], answer: 1 },
          { prompt: 'Write four', kind: 'text', answer: ['four'] },
        ],
      },
    });
    expect(quiz.statusCode, quiz.body).toBe(200);
    const [half, four] = json(quiz).data.questions as Array<{ _id: string }>;
    const attempt = await app.inject({
      method: 'POST',
      url: `/api/v1/videos/${videos[0]}/quiz/attempts`,
      headers: bearer(ana),
      payload: {
        attemptId: 'attempt-1',
        answers: [
          { questionId: half!._id, answer: 1 },
          { questionId: four!._id, answer: 'five' },
        ],
        startedAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
      },
    });
    expect(attempt.statusCode, attempt.body).toBe(201);
    // Ana subscribes to Bob and Bob to Ana, so that both subscription lists have a row.
    const writes = [
      { url: `/api/v1/subscriptions/c/${ids.bob}`, payload: { subscribed: true } },
      { url: '/api/v1/users/addhistory', payload: { videoId: videos[0] } },
      { url: `/api/v1/likes/toggle/v/${videos[0]}`, payload: { liked: true } },
      { url: `/api/v1/comments/${videos[0]}`, payload: { content: 'Clear, thank you' } },
      { url: '/api/v1/tweets', payload: { content: 'Studying tonight' } },
      { url: `/api/v1/subscriptions/c/${ids.ana}`, payload: { subscribed: true }, as: bob },
    ];
    for (const w of writes) {
      const res = await app.inject({
        method: 'POST',
        url: w.url,
        payload: w.payload,
        headers: bearer(w.as ?? ana),
      });
      expect(res.statusCode, `${w.url}: ${res.body}`).toBeLessThan(300);
    }
    // A published course of two lessons, which Ana follows, and her places in both: one she is
    // watching, one she finished (each video answer reads them in the statement that reads it).
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      payload: { title: 'Numbers', language: 'en' },
      headers: bearer(ana),
    });
    ids.course = json(created).data._id as string;
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/courses/${ids.course}/lessons`, { videoIds: [videos[0], videos[1]] }],
      ['PATCH', `/api/v1/courses/${ids.course}`, { published: true }],
      ['POST', `/api/v1/courses/${ids.course}/enrol`, { enrolled: true }],
      [
        'PUT',
        `/api/v1/progress/${videos[0]}`,
        { position: 1, completed: false, at: new Date().toISOString() },
      ],
      [
        'PUT',
        `/api/v1/progress/${videos[1]}`,
        { position: 1, completed: true, at: new Date().toISOString() },
      ],
    ] as const) {
      const res = await app.inject({ method, url, payload, headers: bearer(ana) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await keeping?.close();
    await counted?.close();
    await database?.destroy();
  });

  const statementsOf = async (url: string, on = app) => {
    const statements: string[] = [];
    collecting = statements;
    try {
      const res = await on.inject({ method: 'GET', url, headers: bearer(ana) });
      return { res, statements };
    } finally {
      collecting = undefined;
    }
  };

  for (const c of CASES) {
    it(`GET ${c.url({ ana: ':ana', bob: ':bob', video: ':video', course: ':course' })}: ${c.statements} (${c.why})`, async () => {
      // Twice: a first run may compile and cache; the count must hold on every run.
      for (let run = 0; run < 2; run++) {
        const { res, statements } = await statementsOf(c.url(ids));
        expect(res.statusCode, res.body).toBe(200);
        const data = json(res).data as { docs?: unknown[] };
        if (data.docs) expect(data.docs.length).toBeGreaterThan(0);
        expect(statements, statements.join('\n')).toHaveLength(c.statements);
      }
    });
  }

  /** The routes whose answers are kept, as the app declares them, named as OpenAPI names them. */
  const keptRoutes = () =>
    new Set(keeping.servedRoutes.filter((r) => r.keepsAnswers).map((r) => r.url.replace(/:(\w+)/g, '{$1}')));

  it('declares kept answers only on routes counted here, and on the video list', () => {
    const kept = keptRoutes();
    expect(kept.has('/api/v1/videos')).toBe(true);
    const counted = new Set(CASES.map((c) => c.route));
    expect([...kept].filter((r) => !counted.has(r))).toEqual([]);
  });

  for (const c of CASES) {
    it(`GET ${c.url({ ana: ':ana', bob: ':bob', video: ':video', course: ':course' })}, answers kept: once ${c.statements + 1}, then 2 until a write`, async (ctx) => {
      // Shown as skipped, not passed, for a route that does not keep its answers.
      if (!keptRoutes().has(c.route)) ctx.skip();
      const url = c.url(ids);
      // The first answer reads the database's state too; then, while nothing is written, the
      // same request runs the session's statement and the state's, and gives the same bytes.
      const first = await statementsOf(url, keeping);
      expect(first.res.statusCode, first.res.body).toBe(200);
      expect(first.statements, first.statements.join('\n')).toHaveLength(c.statements + 1);
      // A query key the route does not know is dropped by validation: the same answer, kept once.
      const unknown = `${url}${url.includes('?') ? '&' : '?'}unknown=${'x'.repeat(2000)}`;
      /** Asks again; answers whether the kept answer was given (two statements). */
      const kept = async (ask: string) => {
        const again = await statementsOf(ask, keeping);
        expect(again.res.statusCode).toBe(200);
        expect(again.res.body).toBe(first.res.body);
        expect(again.res.headers.etag).toBe(first.res.headers.etag);
        // Either the kept answer, or (PostgreSQL, below) the whole path again.
        expect([2, c.statements + 1], again.statements.join('\n')).toContain(again.statements.length);
        return again.statements.length === 2;
      };
      if (kind === 'sqlite') {
        // Nothing but this test moves this database's state: every repeat is the kept answer.
        for (const ask of [url, url, unknown]) expect(await kept(ask)).toBe(true);
      } else {
        // A PostgreSQL server's snapshot also moves with writes to its other databases (the
        // other test files running beside this one), and then the answer is made again: a
        // repeat is the kept answer or the whole path, and some repeats must be kept answers.
        let bothKept = false;
        for (let tries = 0; tries < 10 && !bothKept; tries++) {
          bothKept = (await kept(url)) && (await kept(unknown));
        }
        expect(bothKept).toBe(true);
      }
      // Any write moves the state (here one that touches none of these rows): read afresh.
      await counted.kysely
        .updateTable('users')
        .set({ full_name: 'Ana Reads' })
        .where('id', '=', ids.bob)
        .execute();
      const after = await statementsOf(url, keeping);
      expect(after.statements, after.statements.join('\n')).toHaveLength(c.statements + 1);
    });
  }

  it('answers the videos with renditions and caption tracks from the row, as the tables say', async () => {
    const { res } = await statementsOf('/api/v1/videos?limit=20');
    const docs = json(res).data.docs as Array<{ title: string; renditions: Array<{ quality: string }> }>;
    expect(docs.map((d) => [d.title, d.renditions.map((r) => r.quality)])).toEqual([
      ['Third lesson', ['original']],
      ['Second lesson', ['144p', 'original']],
      ['First lesson', ['original']],
    ]);
    const captions = (docs as unknown as Array<{ captions: Array<{ language: string }> }>).map((d) =>
      d.captions.map((c) => c.language),
    );
    expect(captions).toEqual([[], [], ['en', 'hi']]);
    const quizzes = (docs as unknown as Array<{ quiz: unknown }>).map((d) => d.quiz);
    expect(quizzes).toEqual([null, null, { questions: 2, best: 1 }]);
    const places = (docs as unknown as Array<{ progress: unknown }>).map((d) => d.progress);
    expect(places).toEqual([null, { position: 1, completed: true }, { position: 1, completed: false }]);
  });

  it('covers every GET route that answers a page of documents or a video', () => {
    const doc = app.swagger() as {
      paths: Record<
        string,
        { get?: { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } }
      >;
    };
    const routes = Object.entries(doc.paths)
      .filter(([, ops]) => listsOrVideo(ops.get?.responses?.['200']?.content?.['application/json']?.schema))
      .map(([route]) => route)
      .sort();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes).toEqual([...new Set(CASES.map((c) => c.route))].sort());
  });
});
