import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import { isMediaKey, type MediaStorage, type StoragePlace, type StoredObject } from './storage.ts';

/** What each stored kind of file is, so the store answers it with its type. */
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
};
const typeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** One read of an object, or of a byte range of it, as the media route passes it on. */
export interface ObjectRead {
  status: 200 | 206;
  body: Readable;
  length: number | undefined;
  contentRange: string | undefined;
  contentType: string | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** The S3 client's settings for a store that may not be AWS (docs/deploy.md, "S3"). */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // SDK releases from 2025 on add CRC checksums to every upload and check them on every
    // download; stores other than AWS (radosgw, MinIO, fakes) may not know them. Only when an
    // operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Whether an SDK error means "no such object". */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Media in a bucket of an S3-compatible store (AWS SDK v3, path-style by default), for app
 * instances that share no disk (docs/deploy.md). It keeps every rule of MediaStorage:
 * - a key is written once, whole or not at all: an S3 PUT, or a multipart upload, is visible
 *   only once complete;
 * - an object's `LastModified` is when its upload completed, so a publish is always fresh;
 * - a DELETE of a missing key succeeds;
 * - `list` names the bucket's media (keys in a folder, `images/…`, `videos/…`) and never the
 *   objects at its top level, which are resumable uploads in progress (uploads.service.ts);
 *   the temporary files of multipart forms are on this instance's local disk (`tempFile`).
 *
 * Files are streamed in (`putFile` sends the finished temporary file in parts, never whole in
 * memory) and read as streams, whole (`read`, for the renditions worker) or by byte range
 * (`readRange`, for the media route, which passes Range through: see plugins/media.ts).
 */
export class S3Storage implements MediaStorage {
  readonly client: S3Client;
  private readonly tmpDir: string;

  /** `tmpDir` is this instance's own (under its DATA_DIR): `clearTemp` empties it at start. */
  constructor(
    readonly config: S3Config,
    tmpDir: string,
  ) {
    this.client = new S3Client(s3ClientConfig(config));
    this.tmpDir = tmpDir;
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  get bucket(): string {
    return this.config.bucket;
  }

  get place(): StoragePlace {
    return { kind: 'bucket', store: this };
  }

  private checked(key: string): string {
    if (!isMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: data,
        ContentType: typeOf(key),
      }),
    );
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const size = (await fsp.stat(tempPath)).size;
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: fs.createReadStream(tempPath),
        ContentLength: size,
        ContentType: typeOf(key),
      },
      // 8 MiB parts, two at a time: about 16 MiB of memory per upload, whatever the video's size.
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    });
    await upload.done();
    // The file was moved into the store: the caller's temporary file is gone, as on local disk.
    await fsp.rm(tempPath, { force: true });
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }),
      );
      return head.ContentLength;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  /** The whole object as a stream; a missing key errors the stream (code ENOENT). */
  read(key: string): Readable {
    const out = new PassThrough();
    this.readRange(key)
      .then((read) => {
        read.body.on('error', (err) => out.destroy(err));
        read.body.pipe(out);
      })
      .catch((err: unknown) => {
        out.destroy(
          isMissing(err)
            ? Object.assign(new Error(`no such media: ${key}`), { code: 'ENOENT' })
            : (err as Error),
        );
      });
    return out;
  }

  /** The object, or the byte range that `range` (an HTTP Range header) names; rejects for a missing key. */
  async readRange(key: string, range?: string): Promise<ObjectRead> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        ...(range ? { Range: range } : {}),
      }),
    );
    return {
      status: res.ContentRange ? 206 : 200,
      body: res.Body as Readable,
      length: res.ContentLength,
      contentRange: res.ContentRange,
      contentType: res.ContentType,
      etag: res.ETag,
      lastModified: res.LastModified,
    };
  }

  url(key: string): string {
    return `/media/${key}`;
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isMediaKey(object.Key)) continue;
        yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  tempFile(extension = ''): string {
    return path.join(this.tmpDir, `${randomUUID()}${extension}`);
  }

  /** Removes this instance's temporary files left behind by a crash; called at start. */
  async clearTemp(): Promise<void> {
    await fsp.rm(this.tmpDir, { recursive: true, force: true });
    await fsp.mkdir(this.tmpDir, { recursive: true });
  }
}
