import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, json, registerAndSignIn, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

describe.each(databaseKinds)('channel profiles and watch history on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let cai: SignedIn;

  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    cai = await registerAndSignIn(server.app, 'cai');
  });
  afterEach(async () => {
    await server.close();
  });

  // Videos and subscriptions get their own calls in the videos issue; here they are rows.
  async function addVideo(ownerId: string, id: string, title: string) {
    const now = new Date().toISOString();
    await server.database.db.kysely
      .insertInto('videos')
      .values({
        id,
        owner_id: ownerId,
        title,
        description: `About ${title}`,
        video_file: `videos/${id}.mp4`,
        thumbnail: `images/${id}.webp`,
        duration: 12.5,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  async function subscribe(subscriberId: string, channelId: string) {
    await server.database.db.kysely
      .insertInto('subscriptions')
      .values({
        id: crypto.randomUUID(),
        subscriber_id: subscriberId,
        channel_id: channelId,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  it("shows a channel's profile with its counts and whether the viewer subscribes", async () => {
    await subscribe(ben.userId, ana.userId);
    await subscribe(cai.userId, ana.userId);
    await subscribe(ana.userId, cai.userId);

    const asBen = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/c/ana',
      headers: bearer(ben),
    });
    expect(asBen.statusCode).toBe(200);
    const profile = json(asBen).data;
    expect(profile).toMatchObject({
      _id: ana.userId,
      username: 'ana',
      fullName: 'Student ana',
      email: 'ana@school.example',
      subscribersCount: 2,
      channelsSubscribedToCount: 1,
      isSubscribed: true,
    });
    expect(Object.keys(profile).sort()).toEqual(
      [
        '_id',
        'avatar',
        'channelsSubscribedToCount',
        'coverImage',
        'createdAt',
        'email',
        'fullName',
        'isSubscribed',
        'subscribersCount',
        'username',
      ].sort(),
    );

    const asAnonymous = await server.app.inject({ method: 'GET', url: '/api/v1/users/c/ANA' });
    expect(json(asAnonymous).data.isSubscribed).toBe(false);
    const asAna = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/c/ben',
      headers: bearer(ana),
    });
    expect(json(asAna).data).toMatchObject({
      subscribersCount: 0,
      channelsSubscribedToCount: 1,
      isSubscribed: false,
    });

    const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/users/c/nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('There is no channel called "nobody"');
  });

  it('keeps the watch history newest first, moves a re-watched video to the front and counts views', async () => {
    await addVideo(ben.userId, 'v1', 'Fractions');
    await addVideo(ben.userId, 'v2', 'Photosynthesis');
    const watch = (who: SignedIn, videoId: string, extra: object = {}) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/users/addhistory',
        headers: bearer(who),
        payload: { videoId, ...extra },
      });

    expect(json(await watch(ana, 'v1')).data).toMatchObject({ videoId: 'v1', views: 1 });
    await new Promise((r) => setTimeout(r, 5));
    await watch(ana, 'v2');
    await new Promise((r) => setTimeout(r, 5));
    // The body names another user: ignored, the session decides whose history this is.
    const again = await watch(ana, 'v1', { userId: cai.userId });
    expect(json(again).data.views).toBe(2);

    const history = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/history',
      headers: bearer(ana),
    });
    expect(history.statusCode).toBe(200);
    const page = json(history).data;
    expect(page).toMatchObject({ page: 1, limit: 20, totalDocs: 2, totalPages: 1, hasNextPage: false });
    expect(page.docs.map((v: { _id: string }) => v._id)).toEqual(['v1', 'v2']);
    expect(page.docs[0]).toMatchObject({
      title: 'Fractions',
      duration: 12.5,
      views: 2,
      thumbnail: '/media/images/v1.webp',
      owner: { _id: ben.userId, username: 'ben', fullName: 'Student ben' },
    });
    expect(Object.keys(page.docs[0].owner).sort()).toEqual(['_id', 'avatar', 'fullName', 'username']);

    const me = json(
      await server.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(ana) }),
    );
    expect(me.data.watchHistory).toEqual(['v1', 'v2']);
    const caiHistory = json(
      await server.app.inject({ method: 'GET', url: '/api/v1/users/history', headers: bearer(cai) }),
    );
    expect(caiHistory.data.totalDocs).toBe(0);

    const secondPage = json(
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/history?page=2&limit=1',
        headers: bearer(ana),
      }),
    ).data;
    expect(secondPage).toMatchObject({ page: 2, limit: 1, totalDocs: 2, totalPages: 2, hasNextPage: false });
    expect(secondPage.docs.map((v: { _id: string }) => v._id)).toEqual(['v2']);
  });

  it('answers 404 for an unknown video, 401 without a session and 400 for bad paging', async () => {
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/addhistory',
      headers: bearer(ana),
      payload: { videoId: 'nope' },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/users/history' });
    expect(anonymous.statusCode).toBe(401);
    for (const query of ['page=0', 'limit=101', 'limit=abc', 'page=1.5']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/users/history?${query}`,
        headers: bearer(ana),
      });
      expect(res.statusCode, query).toBe(400);
      expect(json(res).errors?.[0]?.field, query).toMatch(/^(page|limit)$/);
    }
  });
});
