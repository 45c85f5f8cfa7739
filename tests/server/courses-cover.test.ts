import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaLibrary } from '../../src/server/modules/media/media-library.ts';
import { MediaRepository } from '../../src/server/modules/media/media.repository.ts';
import { LocalDiskStorage } from '../../src/server/storage/local-disk.ts';
import { databaseKinds } from '../helpers/databases.ts';
import {
  apiCall,
  bearer,
  fakePng,
  jpegWithExif,
  json,
  multipart,
  png,
  registerAndSignIn,
  type FilePart,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// PATCH /courses/{courseId}/cover (docs/api.md, "Courses"): an image checked and stored as a
// video's thumbnail is, the owner's alone, the file it replaces released.
describe.each(databaseKinds)('course covers on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let courseId: string;

  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    const created = await apiCall(server.app, 'POST', '/courses', ana, { title: 'Numbers', language: 'en' });
    courseId = json(created).data._id as string;
  });
  afterEach(async () => {
    await server.close();
  });

  const fileOf = (url: string) => path.join(server.config.mediaDir, url.replace('/media/', ''));

  async function setCover(id: string, who: SignedIn | undefined, parts: Record<string, string | FilePart>) {
    const form = await multipart(parts);
    return server.app.inject({
      method: 'PATCH',
      url: `/api/v1/courses/${id}/cover`,
      headers: { ...(who ? bearer(who) : {}), ...form.headers },
      payload: form.payload,
    });
  }

  it('stores the image as a WebP without metadata, answers the course with its URL, and releases the one it replaces', async () => {
    const first = await setCover(courseId, ana, { cover: await jpegWithExif(2000, 1200) });
    expect(first.statusCode, first.body).toBe(200);
    const course = json(first).data;
    expect(course).toMatchObject({ _id: courseId, title: 'Numbers', owner: { username: 'ana' } });
    expect(course.cover).toMatch(/^\/media\/images\/[0-9a-f]{32}\.webp$/);
    const stored = await sharp(fileOf(course.cover)).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    // Bounded as a thumbnail is.
    expect(stored.width).toBeLessThanOrEqual(1280);
    expect(stored.height).toBeLessThanOrEqual(720);

    // Read back the same way by every course answer.
    expect(json(await apiCall(server.app, 'GET', `/courses/${courseId}`, ana)).data.cover).toBe(course.cover);
    const mine = json(await apiCall(server.app, 'GET', `/courses/user/${ana.userId}`, ana)).data;
    expect(mine.docs[0].cover).toBe(course.cover);

    const second = await setCover(courseId, ana, { cover: await png(640, 360) });
    expect(second.statusCode).toBe(200);
    expect(json(second).data.cover).not.toBe(course.cover);
    expect(fs.existsSync(fileOf(course.cover))).toBe(false);
    expect(fs.existsSync(fileOf(json(second).data.cover))).toBe(true);
  });

  it("is the owner's alone: 401 signed out, 403 for another user, 404 for an unknown course", async () => {
    const image = await png();
    expect((await setCover(courseId, undefined, { cover: image })).statusCode).toBe(401);
    const byBen = await setCover(courseId, ben, { cover: image });
    expect(byBen.statusCode).toBe(403);
    expect(json(byBen).success).toBe(false);
    expect((await setCover('no-such-course', ana, { cover: image })).statusCode).toBe(404);
    expect(json(await apiCall(server.app, 'GET', `/courses/${courseId}`, ana)).data.cover).toBeNull();
  });

  it('refuses a missing file with 400 and a file that is not an image as thumbnails are refused, storing nothing', async () => {
    const images = () => {
      const dir = path.join(server.config.mediaDir, 'images');
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    };
    const before = images();
    const missing = await setCover(courseId, ana, { title: 'no file here' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errors).toEqual([{ field: 'cover', message: 'A cover image is required' }]);

    // A text file named and typed as a PNG: checked by its bytes, as a thumbnail (415).
    const fake = await setCover(courseId, ana, { cover: fakePng() });
    expect(fake.statusCode).toBe(415);
    expect(json(fake).errors).toEqual([
      { field: 'cover', message: 'must be a JPEG, PNG, WebP, GIF or AVIF image' },
    ]);
    // Not a form at all.
    const asJson = await apiCall(server.app, 'PATCH', `/courses/${courseId}/cover`, ana, { cover: 'x' });
    expect(asJson.statusCode).toBe(415);

    expect(images()).toEqual(before);
    expect(json(await apiCall(server.app, 'GET', `/courses/${courseId}`, ana)).data.cover).toBeNull();
  });

  it('deletes the cover file with the course', async () => {
    const set = await setCover(courseId, ana, { cover: await png() });
    const cover = json(set).data.cover as string;
    expect(fs.existsSync(fileOf(cover))).toBe(true);
    expect((await apiCall(server.app, 'DELETE', `/courses/${courseId}`, ana)).statusCode).toBe(200);
    expect(fs.existsSync(fileOf(cover))).toBe(false);
    // The sweep keeps a cover a course names (the media columns include courses.cover).
    const other = json(await apiCall(server.app, 'POST', '/courses', ana, { title: 'Kept', language: 'en' }))
      .data._id as string;
    const kept = json(await setCover(other, ana, { cover: await png() })).data.cover as string;
    const library = new MediaLibrary(
      new LocalDiskStorage(server.config.mediaDir),
      new MediaRepository(server.database.db.kysely),
    );
    const { deleted } = await library.sweep(0, new Date(Date.now() + 60_000));
    expect(deleted).toEqual([]);
    expect(fs.existsSync(fileOf(kept))).toBe(true);
  });
});
