import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import {
  bearer,
  clip,
  json,
  multipart,
  png,
  registerAndSignIn,
  uploadVideo,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

function storedFiles(server: TestServer): string[] {
  const root = server.config.mediaDir;
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

describe.each(databaseKinds)('videos on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
  });
  afterEach(async () => {
    await server.close();
  });

  it('uploads a real MP4 and WebM, reading the duration from the container, not the form', async () => {
    const mp4 = await uploadVideo(server.app, ana, { duration: '99' });
    expect(mp4.statusCode).toBe(201);
    const video = json(mp4).data;
    expect(video).toMatchObject({
      title: 'Fractions in ten minutes',
      description: 'Halves, thirds and quarters with pictures.',
      views: 0,
      likesCount: 0,
      owner: { _id: ana.userId, username: 'ana', fullName: 'Student ana' },
    });
    expect(video.duration).toBeCloseTo(2.55, 1);
    expect(video.videoFile).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(video.thumbnail).toMatch(/^\/media\/images\/[0-9a-f]{32}\.webp$/);

    const webm = json(await uploadVideo(server.app, ana, { title: 'Plants', videoFile: clip('webm') })).data;
    expect(webm.duration).toBeCloseTo(3.2, 1);
    expect(webm.videoFile).toMatch(/\.webm$/);
  });

  it('serves the file with HTTP Range so a player can seek', async () => {
    const video = json(await uploadVideo(server.app, ana)).data;
    const size = clip('mp4').data.length;
    const whole = await server.app.inject({ method: 'GET', url: video.videoFile });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(clip('mp4').data)).toBe(true);

    const part = await server.app.inject({
      method: 'GET',
      url: video.videoFile,
      headers: { range: 'bytes=100-1099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(part.rawPayload.equals(clip('mp4').data.subarray(100, 1100))).toBe(true);

    const tail = await server.app.inject({
      method: 'GET',
      url: video.videoFile,
      headers: { range: 'bytes=-500' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(500);

    const beyond = await server.app.inject({
      method: 'GET',
      url: video.videoFile,
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('uses the form duration only when the container cannot be read', async () => {
    // The first bytes of a real MP4: recognisably MP4, but with no movie header to read.
    const broken = { filename: 'cut.mp4', type: 'video/mp4', data: clip('mp4').data.subarray(0, 64) };
    const res = await uploadVideo(server.app, ana, { videoFile: broken, duration: '1:35' });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.duration).toBe(95);
  });

  it('refuses a file that is not a video with 415 and leaves no file and no row', async () => {
    const before = storedFiles(server);
    const res = await uploadVideo(server.app, ana, {
      videoFile: { ...(await png()), filename: 'movie.mp4', type: 'video/mp4' },
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).errors).toEqual([{ field: 'videoFile', message: 'must be an MP4 or WebM video' }]);
    expect(storedFiles(server)).toEqual(before);
    expect(json(await server.app.inject({ method: 'GET', url: '/api/v1/videos' })).data.totalDocs).toBe(0);
  });

  it('refuses missing fields one by one, and a video over the size limit with 413', async () => {
    const res = await uploadVideo(server.app, ana, { title: '', videoFile: undefined, thumbnail: undefined });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title is required' },
        { field: 'videoFile', message: 'A video file is required' },
        { field: 'thumbnail', message: 'A thumbnail image is required' },
      ]),
    );
    const small = await createTestServer(kind, { env: { MAX_VIDEO_BYTES: '5000' } });
    try {
      const who = await registerAndSignIn(small.app, 'cai');
      const big = await uploadVideo(small.app, who);
      expect(big.statusCode).toBe(413);
      expect(json(big).errors).toEqual([
        { field: 'videoFile', message: expect.stringMatching(/^must be at most/) },
      ]);
      expect(storedFiles(small).filter((f) => !f.startsWith('images/'))).toEqual([]);
    } finally {
      await small.close();
    }
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      ...(await multipart({ title: 'x' })),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists videos newest first, per user, and pages them', async () => {
    for (const title of ['one', 'two', 'three']) {
      await uploadVideo(server.app, ana, { title });
      await new Promise((r) => setTimeout(r, 3));
    }
    await uploadVideo(server.app, ben, { title: 'bens' });

    const all = json(await server.app.inject({ method: 'GET', url: '/api/v1/videos?limit=2' })).data;
    expect(all).toMatchObject({ page: 1, limit: 2, totalDocs: 4, totalPages: 2, hasNextPage: true });
    expect(all.docs.map((v: { title: string }) => v.title)).toEqual(['bens', 'three']);
    expect(Object.keys(all.docs[0].owner).sort()).toEqual([
      '_id',
      'avatar',
      'coverImage',
      'fullName',
      'username',
    ]);

    const anas = json(await server.app.inject({ method: 'GET', url: `/api/v1/videos/${ana.userId}` })).data;
    expect(anas.docs.map((v: { title: string }) => v.title)).toEqual(['three', 'two', 'one']);

    const past = json(await server.app.inject({ method: 'GET', url: '/api/v1/videos?page=9' })).data;
    expect(past).toMatchObject({ docs: [], page: 9, totalDocs: 4, hasNextPage: false });
    for (const q of ['limit=0', 'limit=101', 'page=-1', 'limit=ten']) {
      expect((await server.app.inject({ method: 'GET', url: `/api/v1/videos?${q}` })).statusCode, q).toBe(
        400,
      );
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/videos/no-such-user' })).statusCode).toBe(
      404,
    );

    const one = await server.app.inject({ method: 'GET', url: `/api/v1/videos/v/${anas.docs[0]._id}` });
    expect(json(one).data.title).toBe('three');
  });

  it('lets the owner change title, description and thumbnail, and nobody else', async () => {
    const video = json(await uploadVideo(server.app, ana)).data;
    const oldThumb = path.join(server.config.mediaDir, video.thumbnail.replace('/media/', ''));

    const asBen = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}`,
      headers: bearer(ben),
      payload: { title: 'Hijacked' },
    });
    expect(asBen.statusCode).toBe(403);

    const text = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}`,
      headers: bearer(ana),
      payload: { title: 'Fractions, revised', description: 'Now with decimals.' },
    });
    expect(text.statusCode).toBe(200);
    expect(json(text).data).toMatchObject({ title: 'Fractions, revised', description: 'Now with decimals.' });

    const form = await multipart({ thumbnail: await png(800, 450) });
    const thumb = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}`,
      headers: { ...bearer(ana), ...form.headers },
      payload: form.payload,
    });
    expect(thumb.statusCode).toBe(200);
    expect(json(thumb).data.thumbnail).not.toBe(video.thumbnail);
    expect(fs.existsSync(oldThumb)).toBe(false);

    const empty = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}`,
      headers: bearer(ana),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const tooLong = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}`,
      headers: bearer(ana),
      payload: { title: 'x'.repeat(101) },
    });
    expect(json(tooLong).errors).toEqual([{ field: 'title', message: 'Title is at most 100 characters' }]);
  });

  it('deletes a video with its files, comments, likes and history entries; a second delete is 404', async () => {
    const video = json(await uploadVideo(server.app, ana)).data;
    const comment = json(
      await server.app.inject({
        method: 'POST',
        url: `/api/v1/comments/${video._id}`,
        headers: bearer(ben),
        payload: { content: 'Nice' },
      }),
    ).data;
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/likes/toggle/v/${video._id}`,
      headers: bearer(ben),
    });
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/likes/toggle/c/${comment._id}`,
      headers: bearer(ana),
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/addhistory',
      headers: bearer(ben),
      payload: { videoId: video._id },
    });

    const byBen = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video._id}`,
      headers: bearer(ben),
    });
    expect(byBen.statusCode).toBe(403);

    const del = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video._id}`,
      headers: bearer(ana),
    });
    expect(del.statusCode).toBe(200);
    expect(storedFiles(server).filter((f) => f.startsWith('videos/'))).toEqual([]);
    expect(fs.existsSync(path.join(server.config.mediaDir, video.thumbnail.replace('/media/', '')))).toBe(
      false,
    );
    const db = server.database.db.kysely;
    for (const table of ['comments', 'video_likes', 'comment_likes', 'watch_history'] as const) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(0);
    }
    const again = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video._id}`,
      headers: bearer(ana),
    });
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe('This video does not exist (it may already have been deleted)');
  });
});
