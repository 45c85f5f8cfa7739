import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaLibrary } from '../../src/server/modules/media/media-library.ts';
import { MediaRepository } from '../../src/server/modules/media/media.repository.ts';
import { LocalDiskStorage } from '../../src/server/storage/local-disk.ts';
import { databaseKinds } from '../helpers/databases.ts';
import {
  bearer,
  json,
  multipart,
  registerAndSignIn,
  uploadVideo,
  type FilePart,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/** Every published file under the media folder (uploads in progress, in .tmp/, excluded). */
function storedFiles(server: TestServer): string[] {
  const root = server.config.mediaDir;
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => !f.startsWith('.') && fs.statSync(path.join(root, f)).isFile())
    .map((f) => `/media/${f.split(path.sep).join('/')}`)
    .sort();
}

/** A picture whose pixels are all one colour: the same call gives the same bytes. */
async function solid(width: number, height: number, colour: string): Promise<FilePart> {
  const { default: sharp } = await import('sharp');
  const data = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { filename: 'same.png', type: 'image/png', data };
}

describe.each(databaseKinds)('media that stays with its rows on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
  });
  afterEach(async () => {
    await server.close();
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const me = async (who: SignedIn) =>
    json(await server.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(who) }))
      .data;
  const replaceImage = async (who: SignedIn, which: 'avatar' | 'cover-image', file: FilePart) => {
    const body = await multipart({ [which === 'avatar' ? 'avatar' : 'coverImage']: file });
    return server.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${which}`,
      headers: { ...bearer(who), ...body.headers },
      payload: body.payload,
    });
  };
  /** The files that the rows name: users' pictures and videos' files. */
  const namedFiles = async (videoIds: string[], people: SignedIn[]) => {
    const named = new Set<string>();
    for (const who of people) {
      const user = await me(who);
      named.add(user.avatar);
      if (user.coverImage) named.add(user.coverImage);
    }
    for (const id of videoIds) {
      const video = json(await get(`/api/v1/videos/v/${id}`)).data;
      named.add(video.videoFile);
      named.add(video.thumbnail);
    }
    return [...named].sort();
  };

  it('deleting one of two videos with the same thumbnail keeps the other one’s picture', async () => {
    const picture = await solid(640, 360, '#336699');
    const first = json(await uploadVideo(server.app, ana, { thumbnail: picture })).data;
    const second = json(await uploadVideo(server.app, ana, { title: 'Again', thumbnail: picture })).data;

    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${first._id}`,
      headers: bearer(ana),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(second.thumbnail)).statusCode).toBe(200);
    expect((await get(first.thumbnail)).statusCode).toBe(404);
    expect(storedFiles(server)).toEqual(await namedFiles([second._id], [ana]));
  });

  it('deleting a video whose thumbnail is the owner’s avatar picture keeps the avatar', async () => {
    const picture = await solid(256, 256, '#993366');
    expect((await replaceImage(ana, 'avatar', picture)).statusCode).toBe(200);
    const video = json(await uploadVideo(server.app, ana, { thumbnail: picture })).data;

    await server.app.inject({ method: 'DELETE', url: `/api/v1/videos/${video._id}`, headers: bearer(ana) });
    const avatar = (await me(ana)).avatar;
    expect((await get(avatar)).statusCode).toBe(200);
    expect(storedFiles(server)).toEqual(await namedFiles([], [ana]));
  });

  it('an upload refused with 415 leaves another video’s identical thumbnail alone, and no file', async () => {
    const picture = await solid(640, 360, '#669933');
    const kept = json(await uploadVideo(server.app, ana, { thumbnail: picture })).data;
    const before = storedFiles(server);

    const refused = await uploadVideo(server.app, ana, {
      thumbnail: picture,
      videoFile: { filename: 'lesson.mp4', type: 'video/mp4', data: Buffer.from('not a video '.repeat(200)) },
    });
    expect(refused.statusCode).toBe(415);
    expect((await get(kept.thumbnail)).statusCode).toBe(200);
    expect(storedFiles(server)).toEqual(before);
  });

  it('five avatar changes at once leave exactly one avatar file, the one the row names', async () => {
    const colours = ['#110000', '#001100', '#000011', '#111100', '#001111'];
    const answers = await Promise.all(
      colours.map(async (c) => replaceImage(ana, 'avatar', await solid(300, 300, c))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const files = storedFiles(server);
    expect(files).toEqual(await namedFiles([], [ana]));
    expect(files.filter((f) => f.startsWith('/media/images/'))).toHaveLength(1);
  });

  it('five thumbnail changes of one video at once leave only the files its row names', async () => {
    const video = json(await uploadVideo(server.app, ana)).data;
    const answers = await Promise.all(
      ['#220000', '#002200', '#000022', '#222200', '#002222'].map(async (colour) => {
        const body = await multipart({ thumbnail: await solid(640, 360, colour) });
        return server.app.inject({
          method: 'PATCH',
          url: `/api/v1/videos/${video._id}`,
          headers: { ...bearer(ana), ...body.headers },
          payload: body.payload,
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(storedFiles(server)).toEqual(await namedFiles([video._id], [ana]));
  });

  it('the sweep removes files no row names once they are older than the grace, and only those', async () => {
    const video = json(await uploadVideo(server.app, ana)).data;
    const storage = new LocalDiskStorage(server.config.mediaDir);
    const library = new MediaLibrary(storage, new MediaRepository(server.database.db.kysely));
    // What a crash leaves: a file published whose row never committed, and a half-written put.
    await storage.put('images/0123456789abcdef0123456789abcdef.webp', Buffer.from('orphan'));
    await storage.put('videos/00000000-0000-4000-8000-000000000000.mp4', Buffer.from('orphan'));
    fs.writeFileSync(path.join(server.config.mediaDir, 'images', 'x.webp.1234.part'), 'half');
    const named = await namedFiles([video._id], [ana]);

    const young = await library.sweep(60_000);
    expect(young.deleted).toEqual([]);
    expect(storedFiles(server)).toHaveLength(named.length + 3);

    const later = await library.sweep(60_000, new Date(Date.now() + 120_000));
    expect(later.deleted.sort()).toEqual([
      'images/0123456789abcdef0123456789abcdef.webp',
      'images/x.webp.1234.part',
      'videos/00000000-0000-4000-8000-000000000000.mp4',
    ]);
    expect(storedFiles(server)).toEqual(named);
    for (const url of named) expect((await get(url)).statusCode, url).toBe(200);
  });

  it('a file that two rows name (stored before files were per use) is kept until neither does', async () => {
    const first = json(await uploadVideo(server.app, ana)).data;
    const second = json(await uploadVideo(server.app, ana, { title: 'Second' })).data;
    // Point the second video at the first one's thumbnail, as content-named files once did.
    const key = first.thumbnail.replace('/media/', '');
    await server.database.db.kysely
      .updateTable('videos')
      .set({ thumbnail: key })
      .where('id', '=', second._id)
      .execute();
    await server.app.inject({ method: 'DELETE', url: `/api/v1/videos/${first._id}`, headers: bearer(ana) });
    expect((await get(first.thumbnail)).statusCode).toBe(200);
    await server.app.inject({ method: 'DELETE', url: `/api/v1/videos/${second._id}`, headers: bearer(ana) });
    expect((await get(first.thumbnail)).statusCode).toBe(404);
  });
});
