import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server, type DataStore, type Upload as TusUpload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_ID, UPLOAD_METADATA, UPLOADS_PATH } from '../../../shared/contracts/uploads.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { BucketUploads } from './s3-uploads.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/**
 * Where resumable uploads are kept while in progress: DATA_DIR/uploads (FileStore) on one box;
 * the S3 bucket (BucketUploads, s3-uploads.ts) when media are on S3.
 */
export type SharedUploads = BucketUploads;

export type UploadsConfig = Pick<
  Config,
  'uploadsDir' | 'maxVideoBytes' | 'uploadExpiryHours' | 'unfinishedUploadsPerUser'
>;

/** A finished upload taken by POST /videos: its bytes, and what to do with them afterwards. */
export interface TakenUpload {
  /** The bytes on disk; storing the video moves them away. */
  filePath: string;
  /** Forgets the upload: its bytes (if still here), tus's metadata file and its row. */
  remove(): Promise<void>;
  /** Something else failed: the upload may be used again. */
  giveBack(): Promise<void>;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const noSuchUpload = () =>
  new AppError(404, 'There is no such upload (it may have expired)', [
    { field: 'uploadId', message: 'is not an upload of yours that is still open' },
  ]);

/** Parses tus's `Upload-Metadata`: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/**
 * Resumable uploads (tus 1.0.0) on @tus/server with @tus/file-store: the protocol itself
 * (offsets, 409 on a mismatch, partial chunks kept, Upload-Expires) is theirs. What is ours:
 * who may upload and reach an upload (a row per upload, its creator alone), the limits checked
 * before any byte, the cap on open uploads, expiry of both the bytes and tus's metadata files,
 * and handing a finished upload to POST /videos once (docs/api.md, "Resumable uploads").
 */
export class UploadsService {
  readonly tus: Server;
  private readonly store: DataStore;
  /** The creator of each POST being handled, for the creation hook, which sees only the Request. */
  private readonly creators = new WeakMap<Request, string>();

  constructor(
    private readonly repo: UploadsRepository,
    private readonly config: UploadsConfig,
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
    private readonly shared?: SharedUploads,
  ) {
    this.store =
      shared?.store ??
      new FileStore({
        directory: config.uploadsDir,
        expirationPeriodInMilliseconds: config.uploadExpiryHours * 3600_000,
      });
    this.tus = new Server({
      locker: shared?.locker ?? new MemoryLocker(),
      path: UPLOADS_PATH,
      datastore: this.store,
      // The app is served from the same origin as the API: no cross-origin uploads.
      allowedOrigins: [],
      relativeLocation: true,
      maxSize: config.maxVideoBytes,
      namingFunction: () => crypto.randomUUID().replaceAll('-', ''),
      onUploadCreate: async (req, upload) => {
        const owner = this.creators.get(req);
        if (!owner) throw { status_code: 401, body: 'Sign in to upload' };
        await this.recordCreation(owner, upload);
        return {};
      },
    });
  }

  /** Hands a request to tus; `creator` is the signed-in user making a POST. */
  async handle(request: Request, creator?: string): Promise<Response> {
    if (creator) this.creators.set(request, creator);
    return this.tus.handleWeb(request);
  }

  /** The checks made before any byte of a new upload is accepted. */
  async checkCreation(ownerId: string, lengthHeader: string | undefined, metadataHeader: string | undefined) {
    if (lengthHeader === undefined || !/^\d+$/.test(lengthHeader)) {
      throw new AppError(400, 'Say how long the upload is (Upload-Length)', [
        { field: 'Upload-Length', message: 'must be a whole number of bytes' },
      ]);
    }
    const length = Number(lengthHeader);
    if (length > this.config.maxVideoBytes) {
      throw new AppError(413, `The video is larger than ${megabytes(this.config.maxVideoBytes)}`, [
        { field: 'Upload-Length', message: `must be at most ${megabytes(this.config.maxVideoBytes)}` },
      ]);
    }
    if (length === 0) {
      throw new AppError(400, 'The video is empty', [
        { field: 'Upload-Length', message: 'must be more than 0' },
      ]);
    }
    const metadata = parseUploadMetadata(metadataHeader);
    const type = metadata[UPLOAD_METADATA.filetype] ?? '';
    if (!type.startsWith('video/')) {
      throw new AppError(415, 'Only videos can be uploaded here', [
        { field: 'Upload-Metadata', message: 'filetype must be a video/* type' },
      ]);
    }
    const open = await this.repo.countOpen(ownerId, this.now().toISOString());
    if (open >= this.config.unfinishedUploadsPerUser) {
      throw new AppError(
        429,
        `You have ${open} unfinished uploads. Finish or cancel one before starting another.`,
        [{ message: `at most ${this.config.unfinishedUploadsPerUser} unfinished uploads at once` }],
      );
    }
  }

  /** Whether this user may reach this upload: only its creator, and only while it is open. */
  async canReach(ownerId: string, uploadId: string): Promise<boolean> {
    if (!UPLOAD_ID.test(uploadId)) return false;
    const row = await this.repo.find(uploadId);
    return row !== undefined && row.owner_id === ownerId && row.claimed_at === null;
  }

  private async recordCreation(ownerId: string, upload: TusUpload): Promise<void> {
    const now = this.now();
    const metadata = upload.metadata ?? {};
    await this.repo.insert({
      id: upload.id,
      owner_id: ownerId,
      length: upload.size ?? 0,
      filename: String(metadata[UPLOAD_METADATA.filename] ?? '').slice(0, 255),
      filetype: String(metadata[UPLOAD_METADATA.filetype] ?? ''),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.config.uploadExpiryHours * 3600_000).toISOString(),
      claimed_at: null,
    });
  }

  /** Takes a finished upload of this user for one video; only one caller ever gets it. */
  async take(ownerId: string, uploadId: string): Promise<TakenUpload> {
    const row = UPLOAD_ID.test(uploadId) ? await this.repo.find(uploadId) : undefined;
    if (!row || row.owner_id !== ownerId) throw noSuchUpload();
    if (row.claimed_at !== null) {
      throw new AppError(409, 'This upload has already become a video', [
        { field: 'uploadId', message: 'was already used' },
      ]);
    }
    const upload = await this.store.getUpload(uploadId).catch(() => undefined);
    if (!upload) throw noSuchUpload();
    if (upload.offset !== row.length) {
      throw new AppError(
        409,
        `This upload is not finished: ${upload.offset} of ${row.length} bytes are here`,
        [{ field: 'uploadId', message: 'is not finished yet' }],
      );
    }
    if (!(await this.repo.claim(uploadId, ownerId, this.now().toISOString()))) {
      throw new AppError(409, 'This upload has already become a video', [
        { field: 'uploadId', message: 'was already used' },
      ]);
    }
    if (this.shared) return this.takeFromBucket(uploadId, this.shared);
    const filePath = path.join(this.config.uploadsDir, uploadId);
    return {
      filePath,
      remove: async () => {
        await fsp.rm(filePath, { force: true });
        await fsp.rm(`${filePath}.json`, { force: true });
        await this.repo.delete(uploadId);
      },
      giveBack: () => this.repo.unclaim(uploadId),
    };
  }

  /**
   * A finished upload on S3 is copied to this instance's temporary folder, where the video is
   * checked by its bytes and its duration read, as for a form upload; then it is stored.
   */
  private async takeFromBucket(uploadId: string, bucket: BucketUploads): Promise<TakenUpload> {
    const filePath = bucket.storage.tempFile();
    try {
      await bucket.download(uploadId, filePath);
    } catch (err) {
      await fsp.rm(filePath, { force: true });
      await this.repo.unclaim(uploadId);
      throw err;
    }
    return {
      filePath,
      remove: async () => {
        await fsp.rm(filePath, { force: true });
        await bucket.remove(uploadId);
        await this.repo.delete(uploadId);
      },
      giveBack: async () => {
        await fsp.rm(filePath, { force: true });
        await this.repo.unclaim(uploadId);
      },
    };
  }

  /**
   * Removes expired uploads (bytes, tus's metadata file and row), uploads claimed an hour ago
   * whose video never committed (a crash in between), and files in the folder that no row names.
   * Safe to run at any time: a live upload has a row and is younger than its expiry.
   */
  async cleanup(): Promise<number> {
    const now = this.now();
    const stale = await this.repo.stale(now.toISOString(), new Date(now.getTime() - 3600_000).toISOString());
    for (const id of stale) {
      if (this.shared) {
        await this.shared.remove(id);
      } else {
        const filePath = path.join(this.config.uploadsDir, id);
        await fsp.rm(filePath, { force: true });
        await fsp.rm(`${filePath}.json`, { force: true });
      }
      await this.repo.delete(id);
    }
    // Files no row names: rows removed by a cascade (a user gone) or by a crash mid-cleanup.
    const known = await this.repo.allIds();
    if (this.shared) {
      const orphans = await this.shared.removeOrphans(known, now);
      if (stale.length + orphans > 0)
        this.log?.info({ expired: stale.length, orphans }, 'removed expired resumable uploads');
      return stale.length + orphans;
    }
    let orphans = 0;
    const entries = await fsp.readdir(this.config.uploadsDir).catch(() => [] as string[]);
    for (const name of entries) {
      const id = name.replace(/\.json$/, '');
      if (known.has(id)) continue;
      const stat = await fsp.stat(path.join(this.config.uploadsDir, name)).catch(() => undefined);
      // The row is written before tus creates the files; still, spare anything young.
      if (!stat || now.getTime() - stat.mtimeMs < 3600_000) continue;
      await fsp.rm(path.join(this.config.uploadsDir, name), { force: true });
      orphans += 1;
    }
    const removed = stale.length + orphans;
    if (removed > 0) this.log?.info({ expired: stale.length, orphans }, 'removed expired resumable uploads');
    return removed;
  }
}
