import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import {
  apiCall,
  json,
  registerAndSignIn,
  signIn,
  uploadVideo,
  type ApiCall,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

describe.each(databaseKinds)('comments, likes, subscriptions, tweets and stats on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let videoId: string;

  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    videoId = json(await uploadVideo(server.app, ana)).data._id;
  });
  afterEach(async () => {
    await server.close();
  });

  const call = (...args: ApiCall) => apiCall(server.app, ...args);

  describe('comments', () => {
    it('adds, pages newest first with owner, likes and liked, edits and deletes by the author', async () => {
      for (let i = 1; i <= 25; i++) {
        const res = await call('POST', `/comments/${videoId}`, i % 2 ? ben : ana, {
          content: `comment ${i}`,
        });
        expect(res.statusCode).toBe(201);
      }
      const first = json(await call('GET', `/comments/${videoId}`, ana)).data;
      expect(first).toMatchObject({ page: 1, limit: 10, totalDocs: 25, totalPages: 3, hasNextPage: true });
      expect(first.docs.map((c: { content: string }) => c.content).slice(0, 3)).toEqual([
        'comment 25',
        'comment 24',
        'comment 23',
      ]);
      expect(first.docs[0]).toMatchObject({
        video: videoId,
        likesCount: 0,
        liked: false,
        owner: { username: 'ben' },
      });

      const third = json(await call('GET', `/comments/${videoId}?page=3`)).data;
      expect(third.docs).toHaveLength(5);
      expect(third.hasNextPage).toBe(false);
      // Pages past the middle are read from the oldest end: every page of every size still
      // holds the same comments, in the same order, as one long page.
      const all = json(await call('GET', `/comments/${videoId}?limit=100`)).data.docs.map(
        (c: { content: string }) => c.content,
      );
      expect(all).toHaveLength(25);
      for (const limit of [1, 3, 7, 10, 24]) {
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(25 / limit); page++) {
          const docs = json(await call('GET', `/comments/${videoId}?page=${page}&limit=${limit}`)).data.docs;
          paged.push(...docs.map((c: { content: string }) => c.content));
        }
        expect(paged, `limit ${limit}`).toEqual(all);
      }
      expect(json(await call('GET', `/comments/${videoId}?page=4`)).data).toMatchObject({
        docs: [],
        totalDocs: 25,
        hasNextPage: false,
      });
      // "More" raises the limit by 10 (docs/product.md, "Videos").
      const more = json(await call('GET', `/comments/${videoId}?page=1&limit=20`)).data;
      expect(more.docs).toHaveLength(20);

      const target = first.docs[0]._id;
      await call('POST', `/likes/toggle/c/${target}`, ana);
      const liked = json(await call('GET', `/comments/${videoId}`, ana)).data.docs[0];
      expect(liked).toMatchObject({ _id: target, likesCount: 1, liked: true });
      expect(json(await call('GET', `/comments/${videoId}`, ben)).data.docs[0].liked).toBe(false);

      expect((await call('PATCH', `/comments/c/${target}`, ana, { content: 'not mine' })).statusCode).toBe(
        403,
      );
      const edited = await call('PATCH', `/comments/c/${target}`, ben, { content: '  edited  ' });
      expect(json(edited).data.content).toBe('edited');
      expect((await call('DELETE', `/comments/c/${target}`, ana)).statusCode).toBe(403);
      expect((await call('DELETE', `/comments/c/${target}`, ben)).statusCode).toBe(200);
      expect((await call('DELETE', `/comments/c/${target}`, ben)).statusCode).toBe(404);
      expect(json(await call('GET', `/comments/${videoId}`)).data.totalDocs).toBe(24);
    });

    it('checks content and the video', async () => {
      const empty = await call('POST', `/comments/${videoId}`, ben, { content: '   ' });
      expect(json(empty).errors).toEqual([{ field: 'content', message: 'Comment is required' }]);
      const long = await call('POST', `/comments/${videoId}`, ben, { content: 'x'.repeat(1001) });
      expect(json(long).errors).toEqual([
        { field: 'content', message: 'Comment is at most 1000 characters' },
      ]);
      expect((await call('POST', '/comments/nope', ben, { content: 'hi' })).statusCode).toBe(404);
      expect((await call('GET', '/comments/nope')).statusCode).toBe(404);
      expect((await call('POST', `/comments/${videoId}`, undefined, { content: 'hi' })).statusCode).toBe(401);
    });
  });

  describe('likes', () => {
    it('toggles, sets idempotently, and answers { liked, likesCount } on GET and POST', async () => {
      const url = `/likes/toggle/v/${videoId}`;
      expect(json(await call('GET', url)).data).toEqual({ liked: false, likesCount: 0 });
      expect(json(await call('POST', url, ben)).data).toEqual({ liked: true, likesCount: 1 });
      expect(json(await call('POST', url, ben)).data).toEqual({ liked: false, likesCount: 0 });
      expect(json(await call('POST', url, ben, { liked: true })).data).toEqual({
        liked: true,
        likesCount: 1,
      });
      expect(json(await call('POST', url, ben, { liked: true })).data).toEqual({
        liked: true,
        likesCount: 1,
      });
      expect(json(await call('POST', url, ana, { liked: true })).data).toEqual({
        liked: true,
        likesCount: 2,
      });
      expect(json(await call('GET', url, ben)).data).toEqual({ liked: true, likesCount: 2 });
      expect(json(await call('POST', url, ben, { liked: false })).data).toEqual({
        liked: false,
        likesCount: 1,
      });
      expect(json(await call('POST', url, ben, { liked: false })).data).toEqual({
        liked: false,
        likesCount: 1,
      });

      expect((await call('POST', url, ben, { liked: 'yes' })).statusCode).toBe(400);
      expect((await call('POST', `/likes/toggle/x/${videoId}`, ben)).statusCode).toBe(400);
      expect((await call('POST', '/likes/toggle/t/nope', ben)).statusCode).toBe(404);
      expect((await call('POST', url)).statusCode).toBe(401);

      const list = json(await call('GET', '/likes/videos', ana)).data;
      expect(list.totalDocs).toBe(1);
      expect(list.docs[0].video).toMatchObject({
        _id: videoId,
        title: 'Fractions in ten minutes',
        owner: { username: 'ana' },
      });
      expect((await call('GET', '/likes/videos')).statusCode).toBe(401);
    });

    it('leaves one like after 50 parallel set-likes from one user', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, () => call('POST', `/likes/toggle/v/${videoId}`, ben, { liked: true })),
      );
      for (const r of results) expect(r.statusCode).toBe(200);
      const { n } = await server.database.db.kysely
        .selectFrom('video_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(1);
      expect(json(await call('GET', `/likes/toggle/v/${videoId}`, ben)).data).toEqual({
        liked: true,
        likesCount: 1,
      });
      const kept = await server.database.db.kysely
        .selectFrom('videos')
        .select('likes_count')
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      expect(kept.likes_count).toBe(1);
    });

    it('keeps every like count exact under parallel sets, unsets and toggles from many users', async () => {
      const db = server.database.db.kysely;
      // More users than the two of every test, made directly (registering is slow) and signed in
      // through the API; the sign-in limit (10 a minute) allows seven more.
      const { password_hash } = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', ana.userId)
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await db
        .insertInto('users')
        .values(
          Array.from({ length: 7 }, (_, i) => ({
            id: `crowd${i}`,
            username: `crowd${i}`,
            email: `crowd${i}@school.example`,
            full_name: `Crowd ${i}`,
            password_hash,
            avatar: 'images/none.webp',
            cover_image: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const crowd = [ana, ben];
      for (let i = 0; i < 7; i++) crowd.push(await signIn(server.app, `crowd${i}`));

      const comment = json(await call('POST', `/comments/${videoId}`, ana, { content: 'liked a lot' })).data;
      const tweet = json(await call('POST', '/tweets', ana, { content: 'liked a lot too' })).data;
      const targets = [
        ['v', videoId, 'video_likes'],
        ['c', comment._id as string, 'comment_likes'],
        ['t', tweet._id as string, 'tweet_likes'],
      ] as const;
      /** Every user in `who` sends `times` like requests to every target, all at once. */
      const everywhere = async (who: SignedIn[], body: object | undefined, times = 1) => {
        const results = await Promise.all(
          who.flatMap((w) =>
            targets.flatMap(([kind, id]) =>
              Array.from({ length: times }, () => call('POST', `/likes/toggle/${kind}/${id}`, w, body)),
            ),
          ),
        );
        for (const r of results) expect(r.statusCode, r.body).toBe(200);
      };
      const check = async (expected: number) => {
        for (const [kind, id, table] of targets) {
          const { n } = await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('target_id', '=', id)
            .executeTakeFirstOrThrow();
          expect(Number(n), `${kind} like rows`).toBe(expected);
          expect(json(await call('GET', `/likes/toggle/${kind}/${id}`)).data.likesCount, kind).toBe(expected);
        }
        const listed = (docs: Array<{ _id: string; likesCount: number }>, id: string) =>
          docs.find((d) => d._id === id)?.likesCount;
        expect(listed(json(await call('GET', '/videos')).data.docs, videoId)).toBe(expected);
        expect(listed(json(await call('GET', `/comments/${videoId}`)).data.docs, comment._id)).toBe(expected);
        expect(listed(json(await call('GET', '/tweets')).data.docs, tweet._id)).toBe(expected);
      };

      // Each like set three times over, in parallel: repeats must not count twice.
      await everywhere(crowd, { liked: true }, 3);
      await check(9);
      // Five unset (twice) while four set again (twice), all at once.
      const [leaving, staying] = [crowd.slice(0, 5), crowd.slice(5)];
      await Promise.all([everywhere(leaving, { liked: false }, 2), everywhere(staying, { liked: true }, 2)]);
      await check(4);
      // Toggles flip each user's like: the five come back and the four leave.
      await everywhere(crowd, undefined);
      await check(5);

      // Deleting a liked comment and tweet takes their likes along and lowers the totals.
      expect((await call('DELETE', `/comments/c/${comment._id}`, ana)).statusCode).toBe(200);
      expect((await call('DELETE', `/tweets/${tweet._id}`, ana)).statusCode).toBe(200);
      const left = await db
        .selectFrom('comment_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
      expect(json(await call('GET', '/tweets')).data.totalDocs).toBe(0);
      expect(json(await call('GET', `/comments/${videoId}`)).data.totalDocs).toBe(0);
    });
  });

  describe('subscriptions', () => {
    it('toggles and sets, refuses self and unknown channels, and shows each list to its own user only', async () => {
      const url = `/subscriptions/c/${ana.userId}`;
      expect(json(await call('POST', url, ben)).data).toEqual({ subscribed: true, subscribersCount: 1 });
      expect(json(await call('POST', url, ben, { subscribed: true })).data).toEqual({
        subscribed: true,
        subscribersCount: 1,
      });
      const self = await call('POST', url, ana);
      expect(self.statusCode).toBe(400);
      expect(json(self).message).toBe('You cannot subscribe to your own channel');
      expect((await call('POST', '/subscriptions/c/nobody', ben)).statusCode).toBe(404);

      const subscribers = json(await call('GET', url, ana)).data;
      expect(subscribers.totalDocs).toBe(1);
      expect(subscribers.docs[0].subscriber).toMatchObject({
        _id: ben.userId,
        username: 'ben',
        email: 'ben@school.example',
      });
      expect(subscribers.docs[0].subscriber.createdAt).toEqual(expect.any(String));
      expect((await call('GET', url, ben)).statusCode).toBe(403);

      const channels = json(await call('GET', `/subscriptions/u/${ben.userId}`, ben)).data;
      expect(channels.docs[0].channel).toMatchObject({ _id: ana.userId, username: 'ana' });
      expect((await call('GET', `/subscriptions/u/${ben.userId}`, ana)).statusCode).toBe(403);

      expect(json(await call('POST', url, ben)).data).toEqual({ subscribed: false, subscribersCount: 0 });
      const profile = json(await call('GET', '/users/c/ana', ben)).data;
      expect(profile).toMatchObject({ subscribersCount: 0, isSubscribed: false });
    });
  });

  describe('tweets', () => {
    it('posts, lists with likes, edits and deletes by the author', async () => {
      const posted = await call('POST', '/tweets', ana, { content: 'Exam tips tomorrow!', _id: ben.userId });
      expect(posted.statusCode).toBe(201);
      const tweet = json(posted).data;
      expect(tweet).toMatchObject({
        content: 'Exam tips tomorrow!',
        likesCount: 0,
        liked: false,
        owner: { _id: ana.userId },
      });
      await new Promise((r) => setTimeout(r, 3));
      await call('POST', '/tweets', ben, { content: 'Thanks' });
      await call('POST', `/likes/toggle/t/${tweet._id}`, ben, { liked: true });

      const all = json(await call('GET', '/tweets', ben)).data;
      expect(all.docs.map((t: { content: string }) => t.content)).toEqual(['Thanks', 'Exam tips tomorrow!']);
      expect(all.docs[1]).toMatchObject({ likesCount: 1, liked: true });
      const one = json(await call('GET', `/tweets/t/${tweet._id}`, ben)).data;
      expect(one).toMatchObject({
        _id: tweet._id,
        content: 'Exam tips tomorrow!',
        likesCount: 1,
        liked: true,
      });
      expect((await call('GET', '/tweets/t/nope')).statusCode).toBe(404);
      const anas = json(await call('GET', `/tweets/user/${ana.userId}`)).data;
      expect(anas.totalDocs).toBe(1);
      expect((await call('GET', '/tweets/user/nobody')).statusCode).toBe(404);

      expect((await call('PATCH', `/tweets/${tweet._id}`, ben, { content: 'mine now' })).statusCode).toBe(
        403,
      );
      expect(
        json(await call('PATCH', `/tweets/${tweet._id}`, ana, { content: 'Exam tips on Monday' })).data
          .content,
      ).toBe('Exam tips on Monday');
      expect((await call('DELETE', `/tweets/${tweet._id}`, ben)).statusCode).toBe(403);
      expect((await call('DELETE', `/tweets/${tweet._id}`, ana)).statusCode).toBe(200);
      expect((await call('DELETE', `/tweets/${tweet._id}`, ana)).statusCode).toBe(404);
    });

    it('keeps tweets between 1 and 280 characters', async () => {
      expect(json(await call('POST', '/tweets', ana, { content: '' })).errors).toEqual([
        { field: 'content', message: 'Tweet is required' },
      ]);
      expect(json(await call('POST', '/tweets', ana, { content: 'x'.repeat(281) })).errors).toEqual([
        { field: 'content', message: 'Tweet is at most 280 characters' },
      ]);
      expect((await call('POST', '/tweets', ana, { content: 'x'.repeat(280) })).statusCode).toBe(201);
      expect((await call('POST', '/tweets', undefined, { content: 'hi' })).statusCode).toBe(401);
    });
  });

  it("counts a channel's videos, subscribers, likes and views", async () => {
    await uploadVideo(server.app, ana, { title: 'second' });
    await call('POST', `/likes/toggle/v/${videoId}`, ben);
    await call('POST', `/likes/toggle/v/${videoId}`, ana);
    await call('POST', `/subscriptions/c/${ana.userId}`, ben);
    await call('POST', '/users/addhistory', ben, { videoId });
    await call('POST', '/users/addhistory', ana, { videoId });
    await call('POST', '/users/addhistory', ben, { videoId });

    const stats = json(await call('GET', `/dashboard/stats/${ana.userId}`)).data;
    expect(stats).toEqual({ totalVideos: 2, totalSubscribers: 1, totalLikes: 2, totalViews: 3 });
    expect(json(await call('GET', `/dashboard/stats/${ben.userId}`)).data).toEqual({
      totalVideos: 0,
      totalSubscribers: 0,
      totalLikes: 0,
      totalViews: 0,
    });
    expect((await call('GET', '/dashboard/stats/nobody')).statusCode).toBe(404);
  });

  it('refuses every write on what another user owns, and changes nothing', async () => {
    const comment = json(await call('POST', `/comments/${videoId}`, ana, { content: 'by ana' })).data;
    const tweet = json(await call('POST', '/tweets', ana, { content: 'by ana' })).data;

    const snapshot = async () => {
      const db = server.database.db.kysely;
      return {
        videos: await db.selectFrom('videos').selectAll().orderBy('id').execute(),
        comments: await db.selectFrom('comments').selectAll().orderBy('id').execute(),
        tweets: await db.selectFrom('tweets').selectAll().orderBy('id').execute(),
        users: await db
          .selectFrom('users')
          .select(['id', 'full_name', 'email', 'avatar'])
          .orderBy('id')
          .execute(),
      };
    };
    const before = await snapshot();

    const attempts: Array<[string, () => ReturnType<typeof call>]> = [
      ['PATCH video', () => call('PATCH', `/videos/${videoId}`, ben, { title: 'mine' })],
      ['DELETE video', () => call('DELETE', `/videos/${videoId}`, ben)],
      ['PATCH comment', () => call('PATCH', `/comments/c/${comment._id}`, ben, { content: 'mine' })],
      ['DELETE comment', () => call('DELETE', `/comments/c/${comment._id}`, ben)],
      ['PATCH tweet', () => call('PATCH', `/tweets/${tweet._id}`, ben, { content: 'mine' })],
      ['DELETE tweet', () => call('DELETE', `/tweets/${tweet._id}`, ben)],
      ['GET subscribers', () => call('GET', `/subscriptions/c/${ana.userId}`, ben)],
      ['GET subscriptions', () => call('GET', `/subscriptions/u/${ana.userId}`, ben)],
    ];
    for (const [name, attempt] of attempts) {
      const res = await attempt();
      expect(res.statusCode, name).toBe(403);
      expect(json(res).success, name).toBe(false);
    }
    // And signed out, every write is a 401.
    const anonymous: Array<[string, () => ReturnType<typeof call>]> = [
      ['PATCH video', () => call('PATCH', `/videos/${videoId}`, undefined, { title: 'x' })],
      ['DELETE video', () => call('DELETE', `/videos/${videoId}`)],
      ['POST comment', () => call('POST', `/comments/${videoId}`, undefined, { content: 'x' })],
      ['PATCH comment', () => call('PATCH', `/comments/c/${comment._id}`, undefined, { content: 'x' })],
      ['DELETE comment', () => call('DELETE', `/comments/c/${comment._id}`)],
      ['POST tweet', () => call('POST', '/tweets', undefined, { content: 'x' })],
      ['PATCH tweet', () => call('PATCH', `/tweets/${tweet._id}`, undefined, { content: 'x' })],
      ['DELETE tweet', () => call('DELETE', `/tweets/${tweet._id}`)],
      ['like', () => call('POST', `/likes/toggle/v/${videoId}`)],
      ['subscribe', () => call('POST', `/subscriptions/c/${ana.userId}`)],
      ['update account', () => call('PATCH', '/users/update-account', undefined, { fullName: 'x' })],
      ['history', () => call('POST', '/users/addhistory', undefined, { videoId })],
    ];
    for (const [name, attempt] of anonymous) expect((await attempt()).statusCode, name).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
