import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { isNearEnd } from '../../src/shared/contracts/progress.ts';
import type { Attempt, Quiz } from '../../src/shared/contracts/quiz.ts';
import { isRight } from '../../src/shared/quiz-check.ts';
import { localRef, type ActionOf } from '../../src/shared/outbox/model.ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/server/db/database.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { httpApp } from '../helpers/http-app.ts';
import { bearer, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/**
 * A model test of the outbox against the real server: random sequences of a student's writes,
 * interleaved with the network failing in every way it does (down, answers lost after the server
 * acted, requests delivered twice, 503s from a proxy) and the page reloading. When the network
 * is finally good and the queue drained, the server must hold exactly what the model says: no
 * write lost, none applied twice (an enrolment, a like, a subscription among them), and of the places saved in a video (sent out of order, some
 * with older times than others) the latest is the one the server keeps; every practice attempt
 * (some queued twice, as after a double tap) is kept exactly once, scored by the server as the
 * device scored it.
 *
 * OUTBOX_MODEL_RUNS sets how many sequences (the test suite runs 60; see docs for longer runs).
 * OUTBOX_MODEL_URL and OUTBOX_MODEL_DATABASE_URL run it against a cluster instead, through its
 * nginx, and read the cluster's PostgreSQL (`npm run test:cluster`, docs/deploy.md).
 */
const RUNS = Number(process.env.OUTBOX_MODEL_RUNS ?? 60);

type Step =
  | { t: 'like-video'; liked: boolean }
  | { t: 'like-tweet'; liked: boolean }
  | { t: 'subscribe'; subscribed: boolean }
  /** Enrolment in Ben's course (a second tap while the first waits is the same enrolment). */
  | { t: 'enrol' }
  | { t: 'comment'; text: string }
  | { t: 'tweet'; text: string }
  | { t: 'edit'; which: number; text: string }
  | { t: 'delete'; which: number }
  /** A place in the video: `permille` of its length, saved at a random time (`when`) in the last hour. */
  | { t: 'progress'; permille: number; when: number }
  /** A finished practice attempt: the choice or text picked for each of the quiz's three questions. */
  | { t: 'attempt'; picks: [number, number, number] }
  /** The same attempt queued again (a double tap): `which` of those made so far. */
  | { t: 'attempt-again'; which: number }
  | { t: 'network'; mode: Network }
  | { t: 'drain' }
  | { t: 'reload' };
type Network = 'up' | 'down' | 'lose-answers' | 'duplicate' | 'proxy-503';

const text = fc
  .string({ minLength: 1, maxLength: 40 })
  .map((s) => `m ${s.replace(/\s+/g, ' ').trim() || 'x'}`);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.boolean().map((liked) => ({ t: 'like-video' as const, liked })) },
  { weight: 2, arbitrary: fc.boolean().map((liked) => ({ t: 'like-tweet' as const, liked })) },
  { weight: 2, arbitrary: fc.boolean().map((subscribed) => ({ t: 'subscribe' as const, subscribed })) },
  { weight: 1, arbitrary: fc.constant({ t: 'enrol' as const }) },
  { weight: 2, arbitrary: text.map((t) => ({ t: 'comment' as const, text: t })) },
  { weight: 2, arbitrary: text.map((t) => ({ t: 'tweet' as const, text: t })) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.nat(5), text).map(([which, t]) => ({ t: 'edit' as const, which, text: t })),
  },
  { weight: 1, arbitrary: fc.nat(5).map((which) => ({ t: 'delete' as const, which })) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.nat(1000), fc.nat(100_000))
      .map(([permille, when]) => ({ t: 'progress' as const, permille, when })),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.nat(2), fc.nat(3), fc.nat(1)).map((picks) => ({ t: 'attempt' as const, picks })),
  },
  { weight: 1, arbitrary: fc.nat(10).map((which) => ({ t: 'attempt-again' as const, which })) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom<Network>('up', 'down', 'lose-answers', 'duplicate', 'proxy-503')
      .map((mode) => ({ t: 'network' as const, mode })),
  },
  { weight: 2, arbitrary: fc.constant({ t: 'drain' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'reload' as const }) },
);

const CLUSTER_URL = process.env.OUTBOX_MODEL_URL;

describe('the outbox, as a model', () => {
  let server: TestServer | undefined;
  /** The server's app, or one that sends each request to the cluster over HTTP. */
  let app: FastifyInstance;
  let k: Kysely<Database>;
  let closeCluster = async () => {};
  let baseUrl: string;
  let ben: SignedIn;
  let videoId: string;
  let duration: number;
  let courseId: string;
  let tweetId: string;
  let quiz: Quiz;

  beforeAll(async () => {
    if (CLUSTER_URL) {
      baseUrl = CLUSTER_URL;
      app = httpApp(CLUSTER_URL);
      const db = openDatabase({ kind: 'postgres', connectionString: process.env.OUTBOX_MODEL_DATABASE_URL! });
      k = db.kysely;
      closeCluster = () => db.close();
    } else {
      server = await createTestServer('sqlite', {
        env: {
          RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
          RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
          RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
        },
      });
      baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
      app = server.app;
      k = server.database.db.kysely;
    }
    ben = await registerAndSignIn(app, `ben${randomUUID().slice(0, 6)}`);
    const video = (await uploadVideo(app, ben, { duration: '10:00' })).json().data;
    videoId = video._id;
    duration = video.duration;
    tweetId = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/tweets',
        headers: bearer(ben),
        payload: { content: 'ben says hi' },
      })
    ).json().data._id;
    // The video's practice: one right choice, several, and a typed answer.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${videoId}/quiz`,
      headers: bearer(ben),
      payload: {
        questions: [
          { prompt: 'Half of 8?', kind: 'one', choices: ['2', '4', '6'], answer: 1 },
          { prompt: 'Even numbers?', kind: 'many', choices: ['2', '3', '4', '5'], answer: [0, 2] },
          { prompt: 'Capital of India?', kind: 'text', answer: ['New Delhi'] },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    quiz = put.json().data;
    // A published course of that one lesson, to enrol in.
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: bearer(ben),
      payload: { title: 'Fractions', description: '', language: 'en' },
    });
    expect(made.statusCode, made.body).toBe(201);
    courseId = made.json().data._id;
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/courses/${courseId}/lessons`, { videoIds: [videoId] }],
      ['PATCH', `/api/v1/courses/${courseId}`, { published: true }],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(ben), payload });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
    await closeCluster();
  });

  it(
    `delivers every write exactly once whatever the network does (${RUNS} random sequences)`,
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
          run += 1;
          // Each sequence is a new student, so the server state to compare is theirs alone.
          const me = await registerAndSignIn(app, `s${run}x${randomUUID().slice(0, 6)}`.toLowerCase());
          const db = new OutboxDatabase(`model-${randomUUID()}`);
          let network: Network = 'up';
          const edge: typeof fetch = async (input, init) => {
            if (network === 'down') throw new TypeError('fetch failed');
            if (network === 'proxy-503') {
              return new Response(
                JSON.stringify({ statusCode: 503, success: false, message: 'Bad gateway', data: null }),
                {
                  status: 503,
                  headers: { 'content-type': 'application/json' },
                },
              );
            }
            if (network === 'duplicate') await fetch(input, init).then((r) => r.arrayBuffer());
            const response = await fetch(input, init);
            if (network === 'lose-answers') {
              await response.arrayBuffer();
              throw new TypeError('connection reset');
            }
            return response;
          };
          const open = () =>
            new Outbox({ db, baseUrl, fetch: edge, headers: () => bearer(me), refresh: async () => false });
          let outbox = open();

          // The model: what the student asked for, in the end.
          let videoLiked = false;
          let tweetLiked = false;
          let subscribed = false;
          let enrolled = false;
          const comments: string[] = [];
          const tweets: Array<{ ref: string; text: string; deleted: boolean }> = [];
          const places: Array<{ position: number; completed: boolean; at: string }> = [];
          // Times in the past (the server takes a time ahead of its clock as its own), in no order,
          // each once (the step's index in the last 5 bits).
          const hourAgo = Date.now() - 3_600_000;
          // Each attempt made, with the score the device gave it.
          const attempts: Array<ActionOf<'quiz-attempt'>> = [];

          for (const [i, s] of steps.entries()) {
            switch (s.t) {
              case 'like-video':
                videoLiked = s.liked;
                await outbox.enqueue({ kind: 'like', target: 'v', targetId: videoId, liked: s.liked });
                break;
              case 'like-tweet':
                tweetLiked = s.liked;
                await outbox.enqueue({ kind: 'like', target: 't', targetId: tweetId, liked: s.liked });
                break;
              case 'subscribe':
                subscribed = s.subscribed;
                await outbox.enqueue({ kind: 'subscribe', channelId: ben.userId, subscribed: s.subscribed });
                break;
              case 'enrol':
                enrolled = true;
                await outbox.enqueue({ kind: 'enrol', courseId, about: 'Fractions' });
                break;
              case 'comment':
                comments.push(s.text);
                await outbox.enqueue({ kind: 'comment.create', videoId, content: s.text });
                break;
              case 'tweet': {
                const id = await outbox.enqueue({ kind: 'tweet.create', content: s.text });
                tweets.push({ ref: localRef(id!), text: s.text, deleted: false });
                break;
              }
              case 'edit': {
                const live = tweets.filter((x) => !x.deleted);
                const target = live[s.which % Math.max(1, live.length)];
                if (!target) break;
                target.text = s.text;
                await outbox.enqueue({ kind: 'tweet.update', tweet: target.ref, content: s.text });
                break;
              }
              case 'delete': {
                const live = tweets.filter((x) => !x.deleted);
                const target = live[s.which % Math.max(1, live.length)];
                if (!target) break;
                target.deleted = true;
                await outbox.enqueue({ kind: 'tweet.delete', tweet: target.ref });
                break;
              }
              case 'progress': {
                // As the player says it: tenths of a second, never past the end.
                const position = Math.min(Math.round((duration * s.permille) / 100) / 10, duration);
                const at = new Date(hourAgo + s.when * 32 + i).toISOString();
                const place = { position, completed: s.permille >= 990, at };
                places.push(place);
                await outbox.enqueue({ kind: 'progress', videoId, ...place, about: 'Fractions' });
                break;
              }
              case 'attempt': {
                const [one, many, text] = s.picks;
                const [q1, q2, q3] = [0, 1, 2].map((k) => quiz.questions[k]!);
                const answers = [
                  { questionId: q1!._id, answer: one },
                  { questionId: q2!._id, answer: [[0, 2], [0], [2, 0], [1, 3]][many]! },
                  { questionId: q3!._id, answer: ['  new   DELHI ', 'Mumbai'][text]! },
                ];
                const score = [q1!, q2!, q3!].filter((q, k) => isRight(q, answers[k]!.answer)).length;
                const at = new Date(hourAgo + i * 1000).toISOString();
                const action: ActionOf<'quiz-attempt'> = {
                  kind: 'quiz-attempt',
                  videoId,
                  attemptId: randomUUID(),
                  answers,
                  startedAt: at,
                  finishedAt: at,
                  score,
                  total: 3,
                  about: 'Fractions',
                };
                attempts.push(action);
                await outbox.enqueue(action);
                break;
              }
              case 'attempt-again': {
                const again = attempts[s.which % Math.max(1, attempts.length)];
                if (again) await outbox.enqueue(again);
                break;
              }
              case 'network':
                network = s.mode;
                break;
              case 'drain':
                await outbox.drainSoon(true);
                break;
              case 'reload':
                // The page goes away mid-whatever and comes back: a new outbox on the same database.
                await outbox.dispose();
                outbox = open();
                await outbox.recover();
                break;
            }
          }

          // The connection comes back for good: drain until the queue is empty.
          network = 'up';
          await outbox.idle();
          for (let i = 0; i < 10 && (await db.entries.count()) > 0; i++) {
            await outbox.drainSoon(true);
            await outbox.idle();
          }
          const left = await db.entries.toArray();
          await outbox.dispose();
          db.close();
          expect(left, 'nothing may stay queued or fail').toEqual([]);

          const has = async (table: 'video_likes' | 'tweet_likes', target: string) =>
            (
              await k
                .selectFrom(table)
                .select('id')
                .where('user_id', '=', me.userId)
                .where('target_id', '=', target)
                .execute()
            ).length;
          expect(await has('video_likes', videoId)).toBe(videoLiked ? 1 : 0);
          expect(await has('tweet_likes', tweetId)).toBe(tweetLiked ? 1 : 0);
          const subs = await k
            .selectFrom('subscriptions')
            .select('id')
            .where('subscriber_id', '=', me.userId)
            .execute();
          expect(subs.length).toBe(subscribed ? 1 : 0);
          const enrolments = await k
            .selectFrom('course_enrolments')
            .select('course_id')
            .where('user_id', '=', me.userId)
            .execute();
          expect(enrolments.map((e) => e.course_id)).toEqual(enrolled ? [courseId] : []);
          const myComments = await k
            .selectFrom('comments')
            .select('content')
            .where('owner_id', '=', me.userId)
            .orderBy('created_at')
            .orderBy('id')
            .execute();
          expect(myComments.map((c) => c.content).sort()).toEqual([...comments].sort());
          const myTweets = await k
            .selectFrom('tweets')
            .select('content')
            .where('owner_id', '=', me.userId)
            .execute();
          const kept = await k
            .selectFrom('video_progress')
            .selectAll()
            .where('user_id', '=', me.userId)
            .execute();
          expect(kept.length, 'one place per video, if any was saved').toBe(places.length > 0 ? 1 : 0);
          if (kept[0]) {
            const latest = places.reduce((a, b) => (Date.parse(b.at) > Date.parse(a.at) ? b : a));
            expect({ position: Number(kept[0].position), at: new Date(kept[0].at).toISOString() }).toEqual({
              position: latest.position,
              at: latest.at,
            });
            // Finished stays finished: set when the latest place is at the end, never without one.
            const finished = (p: (typeof places)[number]) => p.completed || isNearEnd(p.position, duration);
            if (finished(latest)) expect(Number(kept[0].completed)).toBe(1);
            if (!places.some(finished)) expect(Number(kept[0].completed)).toBe(0);
          }
          // Every attempt reached the server once, and its score is the device's.
          const listed = await app.inject({
            method: 'GET',
            url: `/api/v1/videos/${videoId}/quiz/attempts`,
            headers: bearer(me),
          });
          expect(listed.statusCode, listed.body).toBe(200);
          const keptAttempts = (listed.json().data as Attempt[]).map((a) => ({
            attemptId: a.attemptId,
            score: a.score,
          }));
          const byId = (a: { attemptId: string }, b: { attemptId: string }) =>
            a.attemptId.localeCompare(b.attemptId);
          expect(keptAttempts.sort(byId)).toEqual(
            attempts.map(({ attemptId, score }) => ({ attemptId, score })).sort(byId),
          );
          expect(myTweets.map((t) => t.content).sort()).toEqual(
            tweets
              .filter((t) => !t.deleted)
              .map((t) => t.text)
              .sort(),
          );
        }),
        { numRuns: RUNS },
      );
    },
    Math.max(20_000, RUNS * 400),
  );

  it('keeps the later place of two phones: A offline at 3:17, B online at 5:40 after, A back', async () => {
    const me = await registerAndSignIn(app, `two${randomUUID().slice(0, 6)}`);
    // A ten-minute lesson: the test clip is a few seconds long, and a place must lie within it.
    const lesson = (await uploadVideo(app, ben, { title: 'Ten minutes' })).json().data._id as string;
    await k.updateTable('videos').set({ duration: 600 }).where('id', '=', lesson).execute();
    let aOnline = false;
    const dbA = new OutboxDatabase(`phone-a-${randomUUID()}`);
    const phoneA = new Outbox({
      db: dbA,
      baseUrl,
      fetch: async (input, init) => {
        if (!aOnline) throw new TypeError('fetch failed');
        return fetch(input, init);
      },
      headers: () => bearer(me),
      refresh: async () => false,
    });
    const phoneB = new Outbox({
      db: new OutboxDatabase(`phone-b-${randomUUID()}`),
      baseUrl,
      fetch: (input, init) => fetch(input, init),
      headers: () => bearer(me),
      refresh: async () => false,
    });
    const place = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/v1/progress?videoIds=${lesson}`, headers: bearer(me) })
      ).json().data as Array<{ position: number }>;
    const minuteAgo = Date.now() - 60_000;
    // Phone A, on the bus with no network, stops at 3:17; it stays in its outbox.
    await phoneA.enqueue({
      kind: 'progress',
      videoId: lesson,
      position: 197,
      completed: false,
      at: new Date(minuteAgo).toISOString(),
      about: 'Fractions',
    });
    await phoneA.drainSoon(true);
    expect(await dbA.entries.count()).toBe(1);
    expect(await place()).toEqual([]);
    // Phone B, at school, goes on to 5:40 thirty seconds later and reaches the server.
    await phoneB.enqueue({
      kind: 'progress',
      videoId: lesson,
      position: 340,
      completed: false,
      at: new Date(minuteAgo + 30_000).toISOString(),
      about: 'Fractions',
    });
    await phoneB.drainSoon(true);
    await phoneB.idle();
    expect((await place()).map((p) => p.position)).toEqual([340]);
    // Phone A gets a network back and sends its older place: the server keeps 5:40.
    aOnline = true;
    await phoneA.drainSoon(true);
    await phoneA.idle();
    expect(await dbA.entries.count()).toBe(0);
    expect((await place()).map((p) => p.position)).toEqual([340]);
    await phoneA.dispose();
    await phoneB.dispose();
  });
});
