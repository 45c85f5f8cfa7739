import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, json, multipart, registerAndSignIn, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/** A picture of 16 MB: what a phone's camera makes, and over the 5 MiB limit. */
const bigPicture = () => ({
  filename: 'camera.jpg',
  type: 'image/jpeg',
  data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16 * 1024 * 1024, 7)]),
});

describe.each(databaseKinds)('upload limits, stated as they are, on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  beforeAll(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /limits says the largest image and video before any is chosen', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/limits' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ maxImageBytes: 5 * 1024 * 1024, maxVideoBytes: 200 * 1024 * 1024 });
  });

  it('a 16 MB avatar is refused with the 5 MB limit of an avatar, not the size of the whole form', async () => {
    const body = await multipart({ avatar: bigPicture() });
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/avatar',
      headers: { ...bearer(ana), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('This upload is too large: Avatar may be at most 5 MB');
    expect(json(res).errors).toEqual([{ field: 'avatar', message: 'must be at most 5 MB' }]);
  });

  it('at registration, each picture’s own limit is named', async () => {
    const body = await multipart({
      username: 'newcomer',
      email: 'newcomer@school.example',
      fullName: 'New Comer',
      password: 'correct horse battery',
      avatar: bigPicture(),
    });
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe(
      'This upload is too large: Avatar may be at most 5 MB, Cover image may be at most 5 MB',
    );
    expect(json(res).errors).toEqual([
      { field: 'avatar', message: 'must be at most 5 MB' },
      { field: 'coverImage', message: 'must be at most 5 MB' },
    ]);
  });

  it('another MAX_IMAGE_BYTES is the one stated, and the one /limits gives', async () => {
    const other = await createTestServer(kind, { env: { MAX_IMAGE_BYTES: String(2 * 1024 * 1024) } });
    try {
      const limits = await other.app.inject({ method: 'GET', url: '/api/v1/limits' });
      expect(json(limits).data.maxImageBytes).toBe(2 * 1024 * 1024);
      const who = await registerAndSignIn(other.app, 'ben');
      const body = await multipart({ coverImage: bigPicture() });
      const res = await other.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/cover-image',
        headers: { ...bearer(who), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(json(res).message).toBe('This upload is too large: Cover image may be at most 2 MB');
    } finally {
      await other.close();
    }
  });
});
