import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { MediaLibrary } from '../../src/server/modules/media/media-library.ts';
import { MediaRepository } from '../../src/server/modules/media/media.repository.ts';
import { BucketUploads } from '../../src/server/modules/uploads/s3-uploads.ts';
import { UploadsRepository } from '../../src/server/modules/uploads/uploads.repository.ts';
import { UploadsService } from '../../src/server/modules/uploads/uploads.service.ts';
import { S3Storage } from '../../src/server/storage/s3.ts';
import { bearer, clip, json, multipart, registerAndSignIn, uploadVideo } from '../helpers/http.ts';
import { hasRadosgw, startS3, type S3Server } from '../helpers/s3.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// Media on an S3-compatible store (docs/deploy.md, "Media on S3"), against Ceph's radosgw on one
// node: a real S3 implementation, not a fake.

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe.runIf(hasRadosgw)('S3Storage on radosgw', () => {
  let s3: S3Server;
  let storage: S3Storage;
  let tmp: string;
  beforeAll(async () => {
    s3 = await startS3();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-s3-tmp-'));
    storage = new S3Storage(loadConfig({ ...s3.env, DATA_DIR: tmp }).s3!, tmp);
  }, 180_000);
  afterAll(async () => {
    storage?.client.destroy();
    await s3?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps the rules of MediaStorage', async () => {
    const before = Date.now() - 2000;
    await storage.put('images/one.webp', Buffer.from('one'));
    expect(await storage.exists('images/one.webp')).toBe(true);
    expect((await readAll(storage.read('images/one.webp'))).toString()).toBe('one');

    // A file is streamed in from its temporary path, which is then gone.
    const temp = storage.tempFile('.mp4');
    fs.writeFileSync(temp, clip('mp4').data);
    await storage.putFile('videos/two.mp4', temp);
    expect(fs.existsSync(temp)).toBe(false);
    expect(await readAll(storage.read('videos/two.mp4'))).toEqual(clip('mp4').data);

    // Ranges, for the media route.
    const part = await storage.readRange('videos/two.mp4', 'bytes=10-19');
    expect(part.status).toBe(206);
    expect(part.contentRange).toBe(`bytes 10-19/${clip('mp4').data.length}`);
    expect(await readAll(part.body)).toEqual(clip('mp4').data.subarray(10, 20));

    // Objects at the bucket's top level are tus's uploads in progress: never listed.
    await storage.client.send(
      new PutObjectCommand({
        Bucket: storage.bucket,
        Key: '0123456789abcdef0123456789abcdef.info',
        Body: '{}',
      }),
    );
    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(['images/one.webp', 'videos/two.mp4']);
    // Publishing gives a fresh modification time, so a sweep's grace period counts from it.
    for (const o of listed) expect(o.modifiedAt.getTime()).toBeGreaterThan(before);

    await storage.delete('images/one.webp');
    await storage.delete('images/one.webp');
    await storage.delete('images/never-there.webp');
    expect(await storage.exists('images/one.webp')).toBe(false);
    await expect(readAll(storage.read('images/one.webp'))).rejects.toMatchObject({ code: 'ENOENT' });
    await storage.delete('videos/two.mp4');
  });

  describe('behind the app', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer('sqlite', { env: s3.env });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('stores uploads in the bucket and serves them with Range from the same origin', async () => {
      const ana = await registerAndSignIn(server.app, 'ana');
      const made = await uploadVideo(server.app, ana);
      expect(made.statusCode, made.body).toBe(201);
      const url = json(made).data.videoFile as string;
      expect(url).toMatch(/^\/media\/videos\/[^/]+\.mp4$/);
      expect(await storage.exists(url.slice('/media/'.length))).toBe(true);
      // Nothing on local disk: the instance keeps no media of its own.
      expect(fs.existsSync(path.join(server.config.mediaDir, url.slice('/media/'.length)))).toBe(false);

      const bytes = clip('mp4').data;
      const part = await server.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
      expect(part.headers['accept-ranges']).toBe('bytes');
      expect(part.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(part.rawPayload).toEqual(bytes.subarray(0, 100));
      const whole = await server.app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload).toEqual(bytes);
      const head = await server.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.body).toBe('');

      expect((await server.app.inject({ method: 'GET', url: '/media/videos/missing.mp4' })).statusCode).toBe(
        404,
      );
      expect((await server.app.inject({ method: 'GET', url: '/media/../etc/passwd' })).statusCode).toBe(404);
    });

    it('keeps resumable uploads in the bucket, and removes them when they expire', async () => {
      const ben = await registerAndSignIn(server.app, 'ben');
      const bytes = clip('webm').data;
      const b64 = (text: string) => Buffer.from(text).toString('base64');
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: {
          ...bearer(ben),
          'tus-resumable': '1.0.0',
          'upload-length': String(bytes.length),
          'upload-metadata': `filename ${b64('clip.webm')},filetype ${b64('video/webm')}`,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = String(created.headers.location).split('/').pop()!;
      const half = await server.app.inject({
        method: 'PATCH',
        url: String(created.headers.location),
        headers: {
          ...bearer(ben),
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes.subarray(0, 20_000),
      });
      expect(half.statusCode, half.body).toBe(204);
      const topLevel = async () => {
        const page = await storage.client.send(
          new ListObjectsV2Command({ Bucket: storage.bucket, Delimiter: '/', Prefix: id }),
        );
        return (page.Contents ?? []).map((o) => o.Key);
      };
      expect((await topLevel()).length).toBeGreaterThan(0);
      // Not media: the sweep never sees it.
      for await (const object of storage.list()) expect(object.key.startsWith(id)).toBe(false);

      await server.database.db.kysely
        .updateTable('uploads')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      const uploads = new UploadsService(
        new UploadsRepository(server.database.db.kysely),
        server.config,
        undefined,
        undefined,
        new BucketUploads(storage, { expirationMs: 24 * 3600_000 }),
      );
      expect(await uploads.cleanup()).toBeGreaterThanOrEqual(1);
      expect(await topLevel()).toEqual([]);
      const row = await server.database.db.kysely
        .selectFrom('uploads')
        .select('id')
        .where('id', '=', id)
        .execute();
      expect(row).toEqual([]);
    });

    it('keeps caption tracks in the bucket, serves them as text/vtt, and deletes them with their video', async () => {
      const cara = await registerAndSignIn(server.app, 'cara');
      const video = json(await uploadVideo(server.app, cara)).data;
      const form = await multipart({
        language: 'hi',
        file: {
          filename: 'lesson.srt',
          type: 'application/x-subrip',
          data: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nनमस्ते <b>class</b>\n'),
        },
      });
      const added = await server.app.inject({
        method: 'POST',
        url: `/api/v1/videos/${video._id}/captions`,
        headers: { ...bearer(cara), ...form.headers },
        payload: form.payload,
      });
      expect(added.statusCode, added.body).toBe(201);
      const url = json(added).data.url as string;
      const key = url.slice('/media/'.length);
      expect(await storage.exists(key)).toBe(true);
      const served = await server.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(served.body).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nनमस्ते class\n\n');
      expect(
        (
          await server.app.inject({
            method: 'DELETE',
            url: `/api/v1/videos/${video._id}`,
            headers: bearer(cara),
          })
        ).statusCode,
      ).toBe(200);
      expect(await storage.exists(key)).toBe(false);
    });

    it('sweeps objects that no row names, and spares the rest', async () => {
      await storage.put('images/orphan.webp', Buffer.from('nobody'));
      const library = new MediaLibrary(storage, new MediaRepository(server.database.db.kysely));
      const result = await library.sweep(0, new Date(Date.now() + 5000));
      expect(result.deleted).toContain('images/orphan.webp');
      expect(await storage.exists('images/orphan.webp')).toBe(false);
      const kept = [];
      for await (const object of storage.list()) kept.push(object.key);
      // The avatar and the video and thumbnail of the upload above are named by rows.
      expect(kept.length).toBeGreaterThanOrEqual(3);
    });
  });

  describe('renditions', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer('sqlite', { env: { ...s3.env, RENDITION_WORKERS: '1' } });
    });
    afterAll(async () => {
      await server?.close();
    });

    it(
      'are made from an original in the bucket, written to it, and served with Range',
      { timeout: 60_000 },
      async () => {
        const ana = await registerAndSignIn(server.app, 'ana');
        const id = json(await uploadVideo(server.app, ana)).data._id as string;
        let video;
        do {
          await new Promise((r) => setTimeout(r, 200));
          video = json(await server.app.inject({ method: 'GET', url: `/api/v1/videos/v/${id}` })).data;
        } while (video.processing.state === 'queued' || video.processing.state === 'running');
        expect(video.processing.state).toBe('done');
        const small = (video.renditions as Array<{ quality: string; url: string; bytes: number }>).find(
          (r) => r.quality === '144p',
        )!;
        const key = small.url.slice('/media/'.length);
        expect(key).toMatch(/^renditions\//);
        expect(await storage.size(key)).toBe(small.bytes);
        const part = await server.app.inject({
          method: 'GET',
          url: small.url,
          headers: { range: 'bytes=0-99' },
        });
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 0-99/${small.bytes}`);
        // The worker's copy of the original and its outputs are gone from the instance's disk.
        expect(
          fs
            .readdirSync(path.join(server.config.dataDir), { recursive: true })
            .filter((f) => String(f).endsWith('.mp4')),
        ).toEqual([]);
      },
    );
  });
});
