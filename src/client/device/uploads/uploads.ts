import Dexie, { type EntityTable } from 'dexie';
import type { Upload as TusUpload } from 'tus-js-client';
import { TUS_VERSION, UPLOADS_PATH } from '../../../shared/contracts/uploads.ts';
import type { Video } from '../../../shared/contracts/videos.ts';
import { ApiError, NetworkError, randomId, type ApiClient } from '../../lib/api-client.ts';
import { openUploads } from './open-uploads-flag.ts';
import { RetrySchedule } from '../retry-schedule.ts';
import { createStore, type Store } from '../../lib/store.ts';
import { t } from '../../i18n/i18n.ts';
import { videosApi } from '../../../shared/endpoints/videos.ts';

/**
 * Video uploads that survive a weak link (docs/offline.md, "Uploads"): the file goes up in tus
 * chunks, the upload's address and the form wait in IndexedDB, and the video is made once all
 * the bytes are on the server. A dropped connection, a reload or a reopened app resumes from
 * the offset the server confirms.
 */

export type UploadState =
  /** Bytes are going up. */
  | 'uploading'
  /** Stopped by the student; only Resume starts it again. */
  | 'paused'
  /** Stopped by the network or the server; it tries again by itself (`nextTryAt`). */
  | 'waiting'
  /** The phone could not keep the file: the student must choose the same file again. */
  | 'needs-file'
  /** All bytes are on the server; the video is being made. */
  | 'creating'
  | 'done'
  /** Refused by the server for good (not a video, too large): the message says why. */
  | 'failed';

export interface UploadRecord {
  /** Made on this device; also the Idempotency-Key of the request that makes the video. */
  id: string;
  ownerId: string;
  title: string;
  description: string;
  thumbnail: Blob;
  thumbnailName: string;
  /** The file itself when it is small enough to keep on the device (`keepFileMaxBytes`). */
  file?: Blob;
  fileName: string;
  fileType: string;
  size: number;
  /** SHA-256 of the file's first MiB: with its name and size, how a re-chosen file is recognised. */
  headHash: string;
  /** The tus upload's address, once the server made it. */
  uploadUrl?: string;
  /** Bytes the server has confirmed. */
  confirmed: number;
  state: UploadState;
  message?: string;
  nextTryAt?: number;
  video?: Pick<Video, '_id' | 'title'>;
  createdAt: number;
}

/** What the screens show of an upload: the record and, while it runs, how fast it goes. */
export interface UploadView extends Omit<UploadRecord, 'file' | 'thumbnail'> {
  /** Bytes per second over the last seconds, from what was sent; null until known. */
  speed: number | null;
  /**
   * Bytes this page has sent so far, the piece in flight included: ahead of `confirmed`, which
   * moves only when the server has a whole piece (5 MiB: 40 s on a 1 Mbit/s uplink). Null when
   * nothing is going up from this page.
   */
  sent: number | null;
  /** Seconds left at that speed, for the bytes the server has not confirmed. */
  secondsLeft: number | null;
}

export interface UploadManagerOptions {
  api: ApiClient;
  /**
   * Bytes per PATCH: 5 MiB by default (`VITE_UPLOAD_CHUNK_MB`). A smaller file goes in tenths
   * (at least 16 KiB each), so that its confirmed progress moves and a drop costs little.
   */
  chunkSize?: number;
  /** Files up to this size are kept in IndexedDB, so a reload resumes without choosing again. */
  keepFileMaxBytes?: number;
  /** A request that moves no byte for this long is taken as dead and started again. */
  stallMs?: number;
  dbName?: string;
  endpoint?: string;
  now?: () => number;
}

const MIB = 1024 * 1024;
const envNumber = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
export const DEFAULT_CHUNK_BYTES = envNumber(import.meta.env.VITE_UPLOAD_CHUNK_MB, 5) * MIB;
export const DEFAULT_KEEP_FILE_BYTES = envNumber(import.meta.env.VITE_UPLOAD_KEEP_FILE_MB, 200) * MIB;

class UploadsDatabase extends Dexie {
  uploads!: EntityTable<UploadRecord, 'id'>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ uploads: 'id, ownerId' });
  }
}

/** The PATCH size for a file of `size` bytes (see `UploadManagerOptions.chunkSize`). */
export function chunkFor(size: number, chunkSize: number): number {
  if (size >= chunkSize) return chunkSize;
  return Math.max(16 * 1024, Math.ceil(size / 10));
}

/**
 * The SHA-256 (hex) of a file's first MiB. On a page served over plain http from a network
 * address the browser has no `crypto.subtle`; there two FNV-1a hashes (marked `fnv:`) tell a
 * different file from the same one just as well, which is all this is for. An origin is either
 * secure or not, so a stored hash is always compared with one made the same way.
 */
export async function headHash(file: Blob): Promise<string> {
  // Copied into a fresh array: digest refuses a buffer made in another realm (a test's jsdom).
  const head = new Uint8Array(await file.slice(0, MIB).arrayBuffer()).slice();
  if (!globalThis.crypto?.subtle) return `fnv:${fnv1a(head, 0x811c9dc5)}${fnv1a(head, 0x2166136)}`;
  const digest = await crypto.subtle.digest('SHA-256', head);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fnv1a(bytes: Uint8Array, basis: number): string {
  let hash = basis;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Why a re-chosen file is not the one the upload started with; undefined when it is. */
export async function differsFrom(record: Pick<UploadRecord, 'fileName' | 'size' | 'headHash'>, file: File) {
  if (file.size !== record.size) return t('upload.otherSize', { size: file.size, expected: record.size });
  if (file.name !== record.fileName)
    return t('upload.otherName', { name: file.name, expected: record.fileName });
  if ((await headHash(file)) !== record.headHash) return t('upload.otherContent');
  return undefined;
}

/** The words for a pause the student did not ask for: offline only when the browser is. */
export function waitingMessage(online: boolean, nextTryAt: number | undefined, now: number): string {
  if (!online) return t('upload.offline');
  const seconds = nextTryAt === undefined ? 0 : Math.max(1, Math.round((nextTryAt - now) / 1000));
  return t('upload.unreachable', { seconds });
}

const statusOf = (err: unknown): number | undefined => {
  const res = (err as { originalResponse?: { getStatus(): number } | null }).originalResponse;
  return res ? res.getStatus() : undefined;
};
const serverMessageOf = (err: unknown): string | undefined => {
  const res = (err as { originalResponse?: { getBody(): string } | null }).originalResponse;
  try {
    return res ? (JSON.parse(res.getBody()) as { message?: string }).message : undefined;
  } catch {
    return undefined;
  }
};

interface Running {
  upload: TusUpload;
  lastActivity: number;
  /** (time, bytes sent) samples for the speed. */
  samples: Array<[number, number]>;
}

export class UploadManager {
  private readonly db: UploadsDatabase;
  private readonly running = new Map<string, Running>();
  /** Files chosen in this page that are not kept in IndexedDB (over the size cap). */
  private readonly picked = new Map<string, Blob>();
  private readonly retries = new RetrySchedule();
  private readonly records: Store<UploadRecord[]> = createStore<UploadRecord[]>([]);
  /** What is going up now, per upload: never stored, since only the server's offset counts. */
  private readonly speeds = createStore<Record<string, { speed: number | null; sent: number }>>({});
  private readonly chunkSize: number;
  private readonly keepFileMaxBytes: number;
  private readonly stallMs: number;
  private readonly endpoint: string;
  private readonly now: () => number;
  private readonly api: ApiClient;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private loaded: Promise<void>;

  constructor(options: UploadManagerOptions) {
    this.api = options.api;
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK_BYTES;
    this.keepFileMaxBytes = options.keepFileMaxBytes ?? DEFAULT_KEEP_FILE_BYTES;
    this.stallMs = options.stallMs ?? 30_000;
    this.endpoint = options.endpoint ?? UPLOADS_PATH;
    this.now = options.now ?? Date.now;
    this.db = new UploadsDatabase(options.dbName ?? 'eduportal-uploads');
    this.loaded = this.reload();
  }

  /** Every upload on this device, for the screens (filter by owner there). */
  subscribe = (listener: () => void) => {
    const a = this.records.subscribe(listener);
    const b = this.speeds.subscribe(listener);
    return () => {
      a();
      b();
    };
  };

  private viewCache:
    | {
        records: UploadRecord[];
        speeds: Record<string, { speed: number | null; sent: number }>;
        views: UploadView[];
      }
    | undefined;

  /** A stable snapshot (the same array until something changes), for useSyncExternalStore. */
  getViews = (): UploadView[] => {
    const records = this.records.get();
    const speeds = this.speeds.get();
    if (this.viewCache && this.viewCache.records === records && this.viewCache.speeds === speeds) {
      return this.viewCache.views;
    }
    const views = records.map(({ file: _file, thumbnail: _thumbnail, ...rest }) => {
      const live = rest.state === 'uploading' ? speeds[rest.id] : undefined;
      const speed = live?.speed ?? null;
      const sent = live ? Math.max(live.sent, rest.confirmed) : null;
      const left = rest.size - (sent ?? rest.confirmed);
      return { ...rest, speed, sent, secondsLeft: speed && speed > 0 ? Math.ceil(left / speed) : null };
    });
    this.viewCache = { records, speeds, views };
    return views;
  };

  private async reload(): Promise<void> {
    const stored = await this.db.uploads.toArray();
    // Uploads finished in this page are no longer stored, but still shown until dismissed.
    const done = this.records.get().filter((r) => r.state === 'done' && !stored.some((s) => s.id === r.id));
    this.publish([...stored, ...done].sort((a, b) => a.createdAt - b.createdAt));
  }

  private async save(record: UploadRecord): Promise<void> {
    await this.db.uploads.put(record);
    const others = this.records.get().filter((r) => r.id !== record.id);
    this.publish([...others, record].sort((a, b) => a.createdAt - b.createdAt));
  }

  private publish(records: UploadRecord[]) {
    this.records.set(records);
    // For the next start: load this code at all only when there is something to resume.
    openUploads.set(records.some((r) => r.state !== 'done' && r.state !== 'failed'));
  }

  private async patch(id: string, change: Partial<UploadRecord>): Promise<UploadRecord | undefined> {
    const record = (await this.db.uploads.get(id)) ?? undefined;
    if (!record) return undefined;
    const next = { ...record, ...change };
    await this.save(next);
    return next;
  }

  /** Starts an upload from the form; answers its id. */
  async start(input: {
    ownerId: string;
    title: string;
    description: string;
    file: File;
    thumbnail: File;
  }): Promise<string> {
    await this.loaded;
    // Ask once that the browser keep what is saved here, before the file is written to it.
    await navigator.storage?.persist?.().catch(() => false);
    const id = randomId();
    const keep = input.file.size <= this.keepFileMaxBytes;
    const record: UploadRecord = {
      id,
      ownerId: input.ownerId,
      title: input.title,
      description: input.description,
      thumbnail: input.thumbnail,
      thumbnailName: input.thumbnail.name,
      ...(keep ? { file: input.file } : {}),
      fileName: input.file.name,
      fileType: input.file.type || 'video/mp4',
      size: input.file.size,
      headHash: await headHash(input.file),
      confirmed: 0,
      state: 'uploading',
      createdAt: this.now(),
    };
    if (!keep) this.picked.set(id, input.file);
    await this.save(record);
    void this.run(id);
    return id;
  }

  /** Resumes every upload of this user that is not paused by hand: at app start, online, visible. */
  async resumeAll(ownerId: string): Promise<void> {
    await this.loaded;
    await this.reload();
    for (const record of this.records.get()) {
      if (record.ownerId !== ownerId || this.running.has(record.id)) continue;
      if (record.state === 'waiting' || record.state === 'uploading' || record.state === 'creating') {
        void this.run(record.id);
      }
    }
  }

  async pause(id: string): Promise<void> {
    this.retries.cancel(id);
    const run = this.running.get(id);
    this.running.delete(id);
    await run?.upload.abort(false).catch(() => undefined);
    await this.patch(id, { state: 'paused', message: undefined, nextTryAt: undefined });
  }

  async resume(id: string): Promise<void> {
    this.retries.succeeded(id);
    await this.run(id);
  }

  /** Stops the upload, ends it on the server, and forgets it. */
  async cancel(id: string): Promise<void> {
    this.retries.cancel(id);
    const run = this.running.get(id);
    this.running.delete(id);
    await run?.upload.abort(false).catch(() => undefined);
    const record = await this.db.uploads.get(id);
    if (record?.uploadUrl && record.state !== 'done') {
      await fetch(record.uploadUrl, {
        method: 'DELETE',
        headers: { 'Tus-Resumable': TUS_VERSION },
        credentials: 'same-origin',
      }).catch(() => undefined);
    }
    await this.forget(id);
  }

  /** Removes a finished or failed upload from the list. */
  async forget(id: string): Promise<void> {
    this.picked.delete(id);
    this.retries.succeeded(id);
    await this.db.uploads.delete(id);
    this.publish(this.records.get().filter((r) => r.id !== id));
  }

  /** The student chose the file again (it was too large to keep): check it is the same one. */
  async provideFile(id: string, file: File): Promise<string | undefined> {
    const record = await this.db.uploads.get(id);
    if (!record) return 'This upload no longer exists.';
    const problem = await differsFrom(record, file);
    if (problem) return problem;
    this.picked.set(id, file);
    await this.run(id);
    return undefined;
  }

  /** After a failure that is nobody's fault: wait, say so, and try again. */
  private async retryLater(id: string) {
    const online = navigator.onLine;
    // Offline, the `online` event resumes it; the timer is only a fallback.
    const wait = this.retries.later(id, () => void this.run(id));
    const nextTryAt = this.now() + wait;
    await this.patch(id, {
      state: 'waiting',
      nextTryAt,
      message: waitingMessage(online, nextTryAt, this.now()),
    });
  }

  private async run(id: string): Promise<void> {
    if (this.running.has(id)) return;
    this.retries.cancel(id);
    const record = await this.db.uploads.get(id);
    if (!record || record.state === 'done' || record.state === 'failed') return;
    if (record.state === 'creating' || (record.uploadUrl && record.confirmed === record.size)) {
      return this.createVideo(record);
    }
    const file = this.picked.get(id) ?? record.file;
    if (!file) {
      await this.patch(id, {
        state: 'needs-file',
        message: t('upload.choose', { name: record.fileName }),
      });
      return;
    }
    if (!navigator.onLine) {
      await this.patch(id, { state: 'waiting', message: waitingMessage(false, undefined, this.now()) });
      return;
    }
    const { Upload } = await import('tus-js-client');
    const running: Running = {
      upload: undefined as unknown as TusUpload,
      lastActivity: this.now(),
      samples: [],
    };
    const upload = new Upload(file, {
      endpoint: this.endpoint,
      ...(record.uploadUrl ? { uploadUrl: record.uploadUrl } : {}),
      chunkSize: chunkFor(record.size, this.chunkSize),
      metadata: { filename: record.fileName, filetype: record.fileType },
      storeFingerprintForResuming: false,
      // A few quick tries inside one run; longer waits are ours (retryLater), so they show.
      retryDelays: [0, 1000, 3000],
      onUploadUrlAvailable: () => {
        void this.patch(id, { uploadUrl: upload.url ?? undefined });
      },
      onProgress: (sent) => {
        running.lastActivity = this.now();
        running.samples.push([this.now(), sent]);
        const cutoff = this.now() - 10_000;
        while (running.samples.length > 2 && running.samples[0]![0] < cutoff) running.samples.shift();
        const [t0, b0] = running.samples[0]!;
        const seconds = (this.now() - t0) / 1000;
        const speed =
          seconds >= 1 ? Math.max(0, (sent - b0) / seconds) : (this.speeds.get()[id]?.speed ?? null);
        this.speeds.set({ ...this.speeds.get(), [id]: { speed, sent } });
      },
      onChunkComplete: (_chunk, accepted) => {
        running.lastActivity = this.now();
        this.retries.succeeded(id);
        void this.patch(id, {
          confirmed: accepted,
          state: 'uploading',
          message: undefined,
          nextTryAt: undefined,
        });
      },
      onShouldRetry: (err, _attempt, options) => {
        const status = statusOf(err);
        if (status === 401) {
          // The session's access token expired mid-upload: refresh it, then try again.
          void this.api.refreshSession().catch(() => false);
          return true;
        }
        if (status === undefined || status === 409 || status === 423 || status >= 500) {
          return navigator.onLine && (options.retryDelays?.length ?? 0) > 0;
        }
        return false;
      },
      onSuccess: () => {
        this.running.delete(id);
        void this.patch(id, { confirmed: record.size, state: 'creating', message: undefined }).then(
          (next) => next && this.createVideo(next),
        );
      },
      onError: (err) => {
        if (this.running.get(id) !== running) return;
        this.running.delete(id);
        void this.failed(id, err);
      },
    });
    running.upload = upload;
    this.running.set(id, running);
    // A new run starts from the server's offset: what an earlier run had sent says nothing now.
    const others = { ...this.speeds.get() };
    delete others[id];
    this.speeds.set(others);
    await this.patch(id, { state: 'uploading', message: undefined, nextTryAt: undefined });
    this.startWatchdog();
    upload.start();
  }

  private async failed(id: string, err: unknown) {
    const status = statusOf(err);
    if (status === 404 || status === 410) {
      // The server no longer has the upload (it expired): start it again from the first byte.
      await this.patch(id, { uploadUrl: undefined, confirmed: 0 });
      return this.retryLater(id);
    }
    if (status === 413 || status === 415 || status === 400 || status === 403) {
      await this.patch(id, {
        state: 'failed',
        message: serverMessageOf(err) ?? t('upload.refused'),
      });
      return;
    }
    return this.retryLater(id);
  }

  /** The watchdog: tus-js-client waits for ever on a socket that died without closing. */
  private startWatchdog() {
    if (this.watchdog) return;
    this.watchdog = setInterval(() => {
      if (this.running.size === 0) {
        clearInterval(this.watchdog);
        this.watchdog = undefined;
        return;
      }
      for (const [id, run] of this.running) {
        if (this.now() - run.lastActivity < this.stallMs) continue;
        this.running.delete(id);
        void run.upload.abort(false).catch(() => undefined);
        void this.retryLater(id);
      }
    }, 1000);
  }

  private async createVideo(record: UploadRecord): Promise<void> {
    if (this.running.has(record.id)) return;
    const uploadId = record.uploadUrl?.split('/').pop();
    if (!uploadId) return this.retryLater(record.id);
    await this.patch(record.id, { state: 'creating', message: undefined, nextTryAt: undefined });
    const form = new FormData();
    form.append('title', record.title);
    form.append('description', record.description);
    form.append('uploadId', uploadId);
    form.append('thumbnail', record.thumbnail, record.thumbnailName);
    try {
      // The record's id is the Idempotency-Key: however often this is sent, one video is made.
      const result = await this.api.postForm<Video>(videosApi.publish.path(), form, {
        headers: { 'Idempotency-Key': record.id },
      });
      this.retries.succeeded(record.id);
      this.picked.delete(record.id);
      // Nothing is left to resume: the device forgets it; this page still shows it as done.
      await this.db.uploads.delete(record.id);
      const done: UploadRecord = {
        ...record,
        state: 'done',
        file: undefined,
        message: undefined,
        confirmed: record.size,
        video: { _id: result.data._id, title: result.data.title },
      };
      this.publish([...this.records.get().filter((r) => r.id !== record.id), done]);
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status >= 400 &&
        err.status < 500 &&
        err.status !== 408 &&
        err.status !== 429
      ) {
        await this.patch(record.id, { state: 'failed', message: err.message });
        return;
      }
      if (err instanceof NetworkError || err instanceof ApiError) return this.retryLater(record.id);
      throw err;
    }
  }
}

let manager: UploadManager | undefined;

/** The page's one upload manager (its database opens on first use, never at load). */
export function uploadManager(api: ApiClient): UploadManager {
  manager ??= new UploadManager({ api });
  return manager;
}
