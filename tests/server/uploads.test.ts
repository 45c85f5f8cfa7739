import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadsRepository } from '../../src/server/modules/uploads/uploads.repository.ts';
import { UploadsService } from '../../src/server/modules/uploads/uploads.service.ts';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, clip, json, multipart, png, registerAndSignIn, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const videoMetadata = `filename ${b64('lesson.mp4')},filetype ${b64('video/mp4')}`;

describe.each(databaseKinds)('resumable uploads (tus) on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  beforeEach(async () => {
    server = await createTestServer(kind, {
      env: { MAX_VIDEO_BYTES: String(1024 * 1024), UNFINISHED_UPLOADS_PER_USER: '3' },
    });
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
  });
  afterEach(async () => {
    await server.close();
  });

  const tus = (
    who: SignedIn | undefined,
    method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: Buffer,
  ) =>
    server.app.inject({
      method,
      url,
      headers: { 'tus-resumable': '1.0.0', ...(who ? bearer(who) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });

  /** Creates an upload and answers its URL. */
  const create = async (who: SignedIn, length: number, metadata = videoMetadata) => {
    const res = await tus(who, 'POST', '/api/v1/uploads', {
      'upload-length': String(length),
      'upload-metadata': metadata,
    });
    expect(res.statusCode, res.body).toBe(201);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
    // The expiration extension: when the unfinished upload will be removed.
    expect(Date.parse(String(res.headers['upload-expires']))).toBeGreaterThan(Date.now());
    return location;
  };
  const patch = (who: SignedIn, url: string, offset: number, bytes: Buffer) =>
    tus(
      who,
      'PATCH',
      url,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
    );
  const uploadWhole = async (who: SignedIn, bytes: Buffer) => {
    const url = await create(who, bytes.length);
    const done = await patch(who, url, 0, bytes);
    expect(done.statusCode, done.body).toBe(204);
    return url;
  };
  const makeVideo = async (who: SignedIn, uploadId: string, headers: Record<string, string> = {}) => {
    const body = await multipart({
      title: 'From a resumed upload',
      description: '',
      uploadId,
      thumbnail: await png(),
    });
    return server.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: { ...bearer(who), ...body.headers, ...headers },
      payload: body.payload,
    });
  };
  const uploadFiles = () => fs.readdirSync(server.config.uploadsDir);

  it('discovery: OPTIONS answers 204 with the versions, extensions and largest size, signed in or not', async () => {
    for (const url of ['/api/v1/uploads', '/api/v1/uploads/0123456789abcdef0123456789abcdef']) {
      for (const who of [undefined, ana]) {
        const res = await server.app.inject({
          method: 'OPTIONS',
          url,
          headers: { ...(who ? bearer(who) : {}), origin: 'http://localhost:80' },
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(204);
        expect(res.headers['tus-resumable']).toBe('1.0.0');
        expect(res.headers['tus-version']).toBe('1.0.0');
        // Every extension the server keeps, and not deferred length, which it refuses (400).
        expect(String(res.headers['tus-extension']).split(',').sort()).toEqual([
          'creation',
          'creation-with-upload',
          'expiration',
          'termination',
        ]);
        expect(res.headers['tus-max-size']).toBe(String(1024 * 1024));
        expect(res.body).toBe('');
      }
    }
  });

  it('a Tus-Resumable this server does not speak is a 412 that names the versions it does', async () => {
    const cases: Array<['POST' | 'HEAD' | 'PATCH' | 'DELETE', string, Record<string, string>]> = [
      ['POST', '/api/v1/uploads', { 'upload-length': '10', 'upload-metadata': videoMetadata }],
      ['HEAD', await create(ana, 10), {}],
      [
        'PATCH',
        await create(ana, 10),
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      ],
    ];
    for (const [method, url, headers] of cases) {
      for (const version of ['0.2.2', '']) {
        const res = await server.app.inject({
          method,
          url,
          headers: { ...bearer(ana), ...headers, 'tus-resumable': version },
          ...(method === 'PATCH' ? { payload: Buffer.from('0123456789') } : {}),
        });
        expect(res.statusCode, `${method} ${url} with "${version}": ${res.body}`).toBe(412);
        expect(res.headers['tus-version'], `${method} ${url}`).toBe('1.0.0');
        if (method !== 'HEAD') expect(json(res).errors?.length).toBeGreaterThan(0);
      }
    }
  });

  it('creates, appends in chunks, reports the offset, and ends an upload', async () => {
    const bytes = clip('mp4').data;
    const url = await create(ana, bytes.length);

    const fresh = await tus(ana, 'HEAD', url);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['upload-offset']).toBe('0');
    expect(fresh.headers['upload-length']).toBe(String(bytes.length));

    const half = Math.floor(bytes.length / 2);
    const first = await patch(ana, url, 0, bytes.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    const mismatch = await patch(ana, url, 0, bytes.subarray(0, 10));
    expect(mismatch.statusCode).toBe(409);
    expect(json(mismatch)).toMatchObject({ statusCode: 409, success: false, data: null });
    expect(json(mismatch).errors?.length).toBeGreaterThan(0);

    const rest = await patch(ana, url, half, bytes.subarray(half));
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));

    const ended = await tus(ana, 'DELETE', url);
    expect(ended.statusCode).toBe(204);
    expect((await tus(ana, 'HEAD', url)).statusCode).toBe(404);
    expect(uploadFiles()).toEqual([]);
  });

  it('keeps the bytes of a chunk cut off mid-way', async () => {
    const url = await create(ana, 200_000);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `PATCH ${url} HTTP/1.1\r\nHost: localhost\r\nTus-Resumable: 1.0.0\r\nAuthorization: Bearer ${ana.accessToken}\r\n` +
        'Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\nContent-Length: 100000\r\n\r\n',
    );
    socket.write(Buffer.alloc(40_000, 7));
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    // The server learns of the cut and settles the file; ask until it reports what arrived.
    let offset = '';
    for (let i = 0; i < 50 && offset !== '40000'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      offset = String((await tus(ana, 'HEAD', url)).headers['upload-offset']);
    }
    expect(offset).toBe('40000');
    const next = await patch(ana, url, 40_000, Buffer.alloc(1000, 8));
    expect(next.headers['upload-offset']).toBe('41000');
  });

  it('lets only the creator reach an upload: anyone else gets 404, and signed-out callers 401', async () => {
    const url = await create(ana, 1000);
    for (const method of ['HEAD', 'DELETE'] as const) {
      expect((await tus(ben, method, url)).statusCode, method).toBe(404);
    }
    expect((await patch(ben, url, 0, Buffer.alloc(10))).statusCode).toBe(404);
    expect(
      (
        await tus(undefined, 'POST', '/api/v1/uploads', {
          'upload-length': '10',
          'upload-metadata': videoMetadata,
        })
      ).statusCode,
    ).toBe(401);
    expect((await tus(undefined, 'HEAD', url)).statusCode).toBe(401);
    expect((await tus(ana, 'HEAD', url)).headers['upload-offset']).toBe('0');
  });

  it('refuses before any byte: 413 over the video limit, 415 for a non-video, 429 over the cap', async () => {
    const tooBig = await tus(ana, 'POST', '/api/v1/uploads', {
      'upload-length': String(1024 * 1024 + 1),
      'upload-metadata': videoMetadata,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).errors?.[0]).toMatchObject({ field: 'Upload-Length' });

    const picture = await tus(ana, 'POST', '/api/v1/uploads', {
      'upload-length': '1000',
      'upload-metadata': `filename ${b64('cat.png')},filetype ${b64('image/png')}`,
    });
    expect(picture.statusCode).toBe(415);

    for (let i = 0; i < 3; i += 1) await create(ana, 1000);
    const fourth = await tus(ana, 'POST', '/api/v1/uploads', {
      'upload-length': '1000',
      'upload-metadata': videoMetadata,
    });
    expect(fourth.statusCode).toBe(429);
    expect(json(fourth).message).toMatch(/unfinished uploads/);
    // The cap is per user.
    await create(ben, 1000);
    expect(uploadFiles().filter((f) => !f.endsWith('.json'))).toHaveLength(4);
  });

  it('expires unfinished uploads, removing the bytes and tus’s metadata file', async () => {
    const url = await create(ana, 1000);
    await patch(ana, url, 0, Buffer.alloc(100));
    const kept = await create(ana, 1000);
    const id = url.split('/').pop()!;
    await server.database.db.kysely
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const service = new UploadsService(new UploadsRepository(server.database.db.kysely), server.config);
    expect(await service.cleanup()).toBe(1);
    expect((await tus(ana, 'HEAD', url)).statusCode).toBe(404);
    expect(uploadFiles().filter((f) => f.startsWith(id))).toEqual([]);
    expect((await tus(ana, 'HEAD', kept)).statusCode).toBe(200);
  });

  it('POST /videos with an uploadId makes one video from it, however often it is sent', async () => {
    const url = await uploadWhole(ana, clip('mp4').data);
    const uploadId = url.split('/').pop()!;

    const first = await makeVideo(ana, uploadId, { 'idempotency-key': 'make-video-1' });
    expect(first.statusCode, first.body).toBe(201);
    const video = json(first).data;
    expect(video.duration).toBeCloseTo(2.55, 1);
    const served = await server.app.inject({ method: 'GET', url: video.videoFile });
    expect(served.rawPayload.equals(clip('mp4').data)).toBe(true);

    const replayed = await makeVideo(ana, uploadId, { 'idempotency-key': 'make-video-1' });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(json(replayed).data._id).toBe(video._id);
    const again = await makeVideo(ana, uploadId);
    expect(again.statusCode).toBe(404);
    const mine = json(await server.app.inject({ method: 'GET', url: `/api/v1/videos/${ana.userId}` })).data;
    expect(mine.totalDocs).toBe(1);
    // The upload is gone once it became a video.
    expect(uploadFiles()).toEqual([]);
    expect((await tus(ana, 'HEAD', url)).statusCode).toBe(404);
  });

  it('an unfinished upload, or someone else’s, cannot make a video', async () => {
    const url = await create(ana, 5000);
    await patch(ana, url, 0, Buffer.alloc(100));
    const uploadId = url.split('/').pop()!;
    const early = await makeVideo(ana, uploadId);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toMatch(/not finished/);
    expect((await makeVideo(ben, uploadId)).statusCode).toBe(404);
    // Still there for its owner to finish.
    expect((await tus(ana, 'HEAD', url)).headers['upload-offset']).toBe('100');
  });

  it('junk bytes are a 415 and leave nothing behind: no upload, no media, no row', async () => {
    const mediaBefore = fs.readdirSync(server.config.mediaDir, { recursive: true }).length;
    const url = await uploadWhole(ana, Buffer.from('this is not a video, only words '.repeat(100)));
    const uploadId = url.split('/').pop()!;
    const res = await makeVideo(ana, uploadId);
    expect(res.statusCode).toBe(415);
    expect(json(res).errors?.[0]?.field).toBe('videoFile');
    expect(uploadFiles()).toEqual([]);
    expect(fs.readdirSync(server.config.mediaDir, { recursive: true }).length).toBe(mediaBefore);
    const rows = await server.database.db.kysely.selectFrom('uploads').selectAll().execute();
    expect(rows).toEqual([]);
    expect(fs.existsSync(path.join(server.config.uploadsDir, uploadId))).toBe(false);
  });

  it('a bad thumbnail keeps the finished upload for another try', async () => {
    const url = await uploadWhole(ana, clip('mp4').data);
    const uploadId = url.split('/').pop()!;
    const body = await multipart({
      title: 'Lesson',
      uploadId,
      thumbnail: {
        filename: 't.png',
        type: 'image/png',
        data: Buffer.from('not a picture at all '.repeat(20)),
      },
    });
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: { ...bearer(ana), ...body.headers },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect((await makeVideo(ana, uploadId)).statusCode).toBe(201);
  });
});
