import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { IoRedisKvStore, MemoryLocker, type DataStore, type Locker } from '@tus/server';
import type { Redis } from 'ioredis';
import { UPLOAD_ID } from '../../../shared/contracts/uploads.ts';
import { s3ClientConfig, type S3Storage } from '../../storage/s3.ts';
import { RedisLocker } from './redis-locker.ts';

/**
 * Resumable uploads kept on S3 rather than DATA_DIR/uploads (docs/deploy.md, "Resumable uploads
 * across nodes"), loaded only when media are on S3. The objects are in the media bucket, at its
 * top level (`<id>`, `<id>.info`, `<id>.part`: names with no folder, which the media store never
 * lists), through @tus/s3-store, so that any instance can take the next chunk. With Redis, tus's
 * lock on an upload (RedisLocker) and its cache of upload metadata are shared by every instance;
 * without it they stay in the process, for one instance only.
 */
export class BucketUploads {
  readonly store: DataStore;
  readonly locker: Locker;

  constructor(
    readonly storage: S3Storage,
    { expirationMs, redis, subscriber }: { expirationMs: number; redis?: Redis; subscriber?: Redis },
  ) {
    this.store = new S3Store({
      s3ClientConfig: { ...s3ClientConfig(storage.config), bucket: storage.bucket },
      // 8 MiB parts (S3's minimum is 5 MiB), two sent at once: bounded memory per upload.
      partSize: 8 * 1024 * 1024,
      maxConcurrentPartUploads: 2,
      expirationPeriodInMilliseconds: expirationMs,
      // Expiry is the uploads service's cleanup, by row; radosgw and others may lack object tags.
      useTags: false,
      ...(redis ? { cache: new IoRedisKvStore(redis, 'eduportal:tus-info:') } : {}),
    });
    this.locker = redis && subscriber ? new RedisLocker(redis, subscriber) : new MemoryLocker();
  }

  /** Copies a finished upload to `filePath` on this instance's disk. */
  async download(id: string, filePath: string): Promise<void> {
    const object = await this.storage.client.send(
      new GetObjectCommand({ Bucket: this.storage.bucket, Key: id }),
    );
    await pipeline(object.Body as Readable, createWriteStream(filePath, { flags: 'wx' }));
  }

  /** Removes an upload's objects, and its multipart upload if unfinished; a missing one is no error. */
  async remove(id: string): Promise<void> {
    // tus aborts an unfinished upload's multipart upload and deletes its objects; then whatever
    // it could not name (its metadata already gone) is deleted by key.
    await this.store.remove(id).catch(() => undefined);
    for (const key of [id, `${id}.info`, `${id}.part`]) {
      await this.storage.client.send(new DeleteObjectCommand({ Bucket: this.storage.bucket, Key: key }));
    }
  }

  /** Removes top-level objects (tus's) that no row names and that are over an hour old. */
  async removeOrphans(known: Set<string>, now: Date): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.storage.client.send(
        new ListObjectsV2Command({ Bucket: this.storage.bucket, Delimiter: '/', ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key ?? '';
        const id = key.replace(/\.(info|part)$/, '');
        if (!UPLOAD_ID.test(id) || known.has(id)) continue;
        if (!object.LastModified || now.getTime() - object.LastModified.getTime() < 3600_000) continue;
        await this.storage.client.send(new DeleteObjectCommand({ Bucket: this.storage.bucket, Key: key }));
        removed += 1;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }
}
