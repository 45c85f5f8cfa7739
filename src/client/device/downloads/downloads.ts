import Dexie, { type EntityTable, type Table } from 'dexie';
import type { Quiz } from '../../../shared/contracts/quiz.ts';
import type { Rendition, RenditionQuality, Video } from '../../../shared/contracts/videos.ts';
import { apiUrl } from '../../../shared/endpoint.ts';
import { quizApi } from '../../../shared/endpoints/quiz.ts';
import { DOWNLOAD_HEADER, DOWNLOADS_CACHE } from '../../../shared/offline.ts';
import { downloadsHeldBack } from '../../lib/data-saver.ts';
import { assemble, checkPart, DOWNLOAD_CHUNK_BYTES, nextRange, resumeOffset } from './download-chunks.ts';
import { t } from '../../i18n/i18n.ts';
import { formatBytes } from '../../lib/format.ts';
import { openDownloads } from './open-downloads-flag.ts';
import { RetrySchedule } from '../retry-schedule.ts';
import { storageEstimate } from './storage-estimate.ts';
import { createStore } from '../../lib/store.ts';
import { downloadBytes, downloadsDb, savedCaptions } from '../../../shared/device-db/downloads.ts';

/**
 * Lessons saved for offline (docs/offline.md, "Downloads"). A download goes in Range chunks
 * into IndexedDB, so a drop costs at most one chunk, and stays in those chunks: the service
 * worker answers the player's Range requests from them (sw/downloads.ts). Chunks are kept by
 * the file's address, so two students of one phone downloading the same video share its bytes.
 */

export type DownloadState =
  /** Chunks are coming in. */
  | 'saving'
  /** Stopped by the student; only Resume starts it again. */
  | 'paused'
  /** Stopped by the network (or the Wi-Fi-only rule); it goes on by itself. */
  | 'waiting'
  | 'saved'
  /** Nothing of it is kept (no space, gone from the server): the message says why. */
  | 'failed';

export interface DownloadRecord {
  /** `${ownerId}:${videoId}`: one saved copy of a video per student. */
  id: string;
  ownerId: string;
  videoId: string;
  title: string;
  thumbnail: string;
  quality: RenditionQuality;
  url: string;
  mimeType: string;
  bytes: number;
  /** Bytes stored, from the first with no gap. */
  received: number;
  state: DownloadState;
  message?: string;
  createdAt: number;
  savedAt?: number;
  /**
   * The video's data, kept with the file: the worker answers the video's page from it offline
   * (sw/downloads.ts), and drops it once the server says the video no longer exists.
   */
  video?: Video;
  /**
   * The video's practice quiz, answers included, when it had one at saving: the worker answers
   * the quiz's read from it offline (sw/downloads.ts), so the lesson can be practised there.
   */
  quiz?: Quiz;
  /** The course it was saved with, when saved as a lesson: /downloads lists it under that course. */
  course?: { _id: string; title: string };
}

interface ChunkRecord {
  /** The file's address (a rendition's `url`). */
  url: string;
  start: number;
  size: number;
  data: Blob;
}

class DownloadsDatabase extends Dexie {
  downloads!: EntityTable<DownloadRecord, 'id'>;
  chunks!: Table<ChunkRecord, [string, number]>;
  constructor(name: string) {
    super(name);
    // The worker reads these stores too: declared once, in src/shared/device-db/downloads.ts.
    this.version(downloadsDb.version).stores(downloadsDb.schema);
  }
}

export const isQuotaError = (err: unknown): boolean => {
  const named = (e: unknown) => (e as { name?: unknown } | null)?.name === 'QuotaExceededError';
  return named(err) || named((err as { inner?: unknown } | null)?.inner);
};

// Messages are written in the language on show when they are made (docs/architecture.md, "Languages").
const quotaMessage = (bytes: number) => t('save.quota', { size: formatBytes(bytes) });
const offlineMessage = () => t('save.offline');
const wifiMessage = () => t('save.wifi');

class Stopped extends Error {}
class Gone extends Error {}

export interface DownloadManagerOptions {
  dbName?: string;
  chunkBytes?: number;
  /** A chunk that moves no byte for this long is dropped and asked for again. */
  stallMs?: number;
  now?: () => number;
}

export class DownloadManager {
  private readonly db: DownloadsDatabase;
  private readonly chunkBytes: number;
  private readonly stallMs: number;
  private readonly now: () => number;
  private readonly running = new Map<string, AbortController>();
  private readonly retries = new RetrySchedule();
  private readonly records = createStore<DownloadRecord[]>([]);
  private readonly loaded: Promise<void>;
  private askedToPersist = false;

  constructor(options: DownloadManagerOptions = {}) {
    this.db = new DownloadsDatabase(options.dbName ?? downloadsDb.name);
    this.chunkBytes = options.chunkBytes ?? DOWNLOAD_CHUNK_BYTES;
    this.stallMs = options.stallMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.loaded = this.reload();
  }

  subscribe = (listener: () => void) => this.records.subscribe(listener);
  /** Every download on this device, oldest first (screens keep the signed-in student's). */
  getRecords = () => this.records.get();

  private async reload() {
    const all = await this.db.downloads.toArray();
    this.publish(all.sort((a, b) => a.createdAt - b.createdAt));
  }

  private publish(records: DownloadRecord[]) {
    this.records.set(records);
    // For the next start: load this code at all only when something waits to go on.
    openDownloads.set(records.some((r) => r.state === 'saving' || r.state === 'waiting'));
  }

  private show(record: DownloadRecord) {
    const others = this.records.get().filter((r) => r.id !== record.id);
    this.publish([...others, record].sort((a, b) => a.createdAt - b.createdAt));
  }

  private async patch(id: string, change: Partial<DownloadRecord>): Promise<DownloadRecord | undefined> {
    const record = await this.db.downloads.get(id);
    if (!record) return undefined;
    const next = { ...record, ...change };
    await this.db.downloads.put(next);
    this.show(next);
    return next;
  }

  /**
   * Saves one copy of a video for this student, as a lesson of `course` when given; answers the
   * download's id.
   */
  async save(
    video: Video,
    rendition: Rendition,
    ownerId: string,
    course?: DownloadRecord['course'],
  ): Promise<string> {
    await this.loaded;
    const id = `${ownerId}:${video._id}`;
    const existing = await this.db.downloads.get(id);
    if (existing && existing.state !== 'failed') {
      if (existing.quality === rendition.quality) {
        // Saved on its own first, then with its course: it joins the course on /downloads.
        if (course && !existing.course) await this.patch(id, { course });
        return id;
      }
      await this.remove(id);
    }
    if (!this.askedToPersist) {
      // Asked at the first save: a phone short of space must not evict the downloads first. Not
      // awaited: a browser may hold the answer until the student answers a prompt (Firefox), or
      // for ever (Chromium without a window), and the download need not wait for it.
      this.askedToPersist = true;
      void navigator.storage?.persist?.().catch(() => false);
    }
    const record: DownloadRecord = {
      id,
      ownerId,
      videoId: video._id,
      title: video.title,
      thumbnail: video.thumbnail,
      quality: rendition.quality,
      url: rendition.url,
      mimeType: rendition.mimeType,
      bytes: rendition.bytes,
      received: 0,
      state: 'saving',
      createdAt: this.now(),
      video,
      ...(course ? { course } : {}),
    };
    // Refused at once when the browser already says there is no room: nothing is half-saved.
    const space = await storageEstimate();
    const have = resumeOffset(await this.spans(record.url));
    const needed = downloadBytes(rendition.bytes, video);
    if (space && space.free < needed - have) {
      record.state = 'failed';
      record.message = quotaMessage(needed);
    }
    try {
      await this.db.downloads.put(record);
    } catch (err) {
      if (!isQuotaError(err)) throw err;
      // No room even for the record: the refusal is shown from memory, and nothing is stored.
      this.show({ ...record, state: 'failed', message: quotaMessage(rendition.bytes) });
      return id;
    }
    this.show(record);
    if (record.state === 'saving') void this.run(id);
    return id;
  }

  /** Goes on with every download of this student not paused by hand: start, online, visible. */
  async resumeAll(ownerId: string): Promise<void> {
    await this.loaded;
    await this.reload();
    for (const record of this.records.get()) {
      if (record.ownerId !== ownerId || this.running.has(record.id)) continue;
      if (record.state === 'saving' || record.state === 'waiting') void this.run(record.id);
    }
  }

  async pause(id: string): Promise<void> {
    this.stop(id);
    await this.patch(id, { state: 'paused', message: undefined });
  }

  async resume(id: string): Promise<void> {
    this.retries.succeeded(id);
    await this.patch(id, { state: 'saving', message: undefined });
    await this.run(id);
  }

  /** Cancel and Delete: stops it, and frees every byte of it no other student still has saved. */
  async remove(id: string): Promise<void> {
    this.stop(id);
    this.retries.succeeded(id);
    const record = await this.db.downloads.get(id);
    if (record) {
      await this.db.transaction('rw', this.db.downloads, this.db.chunks, async () => {
        await this.db.downloads.delete(id);
        if ((await this.db.downloads.where('url').equals(record.url).count()) === 0) {
          await this.db.chunks.where('url').equals(record.url).delete();
        }
      });
    }
    this.publish(this.records.get().filter((r) => r.id !== id));
    if (record) await this.dropThumbnail(record);
  }

  private spans(url: string) {
    return this.db.chunks.where('url').equals(url).toArray();
  }

  private stop(id: string) {
    this.retries.cancel(id);
    this.running.get(id)?.abort(new Stopped());
    this.running.delete(id);
  }

  /** The thumbnail and caption tracks go once no student on this device has the video saved. */
  private async dropThumbnail(record: DownloadRecord) {
    const others = await this.db.downloads.where('videoId').equals(record.videoId).toArray();
    if (others.some((r) => r.state === 'saved')) return;
    const cache = await caches.open(DOWNLOADS_CACHE);
    await cache.delete(record.thumbnail);
    for (const caption of savedCaptions(record.video)) await cache.delete(caption.url);
  }

  /**
   * The caption tracks go with the lesson, so that captions and the transcript work offline. A
   * track the server no longer has is skipped; one that cannot be fetched now fails the whole
   * completion, which is tried again like a dropped chunk: a lesson is never called saved with
   * captions it said it would carry and does not have.
   */
  private async keepCaptions(record: DownloadRecord, cache: Cache) {
    for (const caption of savedCaptions(record.video)) {
      const answer = await fetch(caption.url, { credentials: 'same-origin' });
      if (answer.status === 404 || answer.status === 410) continue;
      if (!answer.ok) throw new Error(`caption track answered ${answer.status}`);
      await cache.put(caption.url, answer);
    }
  }

  /**
   * The lesson's practice goes with it: its quiz is read now and kept in the record. A quiz the
   * server no longer has is skipped; one that cannot be read now fails the whole completion, which
   * is tried again like a dropped chunk, as for the caption tracks.
   */
  private async keepQuiz(record: DownloadRecord): Promise<Quiz | undefined> {
    if (!record.video?.quiz) return undefined;
    const answer = await fetch(apiUrl(quizApi.one.path({ videoId: record.videoId })), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (answer.status === 404 || answer.status === 410) return undefined;
    const body = (await answer.json().catch(() => null)) as { data?: Quiz } | null;
    if (!answer.ok || !Array.isArray(body?.data?.questions))
      throw new Error(`quiz answered ${answer.status}`);
    return body.data;
  }

  private async retryLater(id: string, message: string) {
    await this.patch(id, { state: 'waiting', message });
    this.retries.later(id, () => void this.run(id));
  }

  private async run(id: string): Promise<void> {
    if (this.running.has(id)) return;
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      let record = await this.db.downloads.get(id);
      if (!record || record.state === 'saved' || record.state === 'failed' || record.state === 'paused')
        return;
      let offset = resumeOffset(await this.spans(record.url));
      // Complete already (another student of this phone saved the same file): nothing to fetch.
      if (offset >= record.bytes) return await this.complete(record, controller.signal);
      if (!navigator.onLine) {
        await this.patch(id, { state: 'waiting', message: offlineMessage() });
        return;
      }
      if (downloadsHeldBack()) {
        await this.patch(id, { state: 'waiting', message: wifiMessage() });
        return;
      }
      record = (await this.patch(id, { state: 'saving', message: undefined, received: offset }))!;
      for (let range = nextRange(offset, record.bytes, this.chunkBytes); range;) {
        const data = await this.fetchPart(record, range, controller.signal);
        if (controller.signal.aborted) return;
        const whole = data.size === record.bytes && range.start > 0;
        await this.db.transaction('rw', this.db.downloads, this.db.chunks, async () => {
          if (!(await this.db.downloads.get(id))) throw new Stopped();
          // A server that ignored the Range sent the whole file: it replaces the chunks.
          if (whole) await this.db.chunks.where('url').equals(record!.url).delete();
          await this.db.chunks.put({
            url: record!.url,
            start: whole ? 0 : range!.start,
            size: data.size,
            data,
          });
          await this.db.downloads.update(id, { received: (whole ? 0 : range!.start) + data.size });
        });
        offset = (whole ? 0 : range.start) + data.size;
        this.retries.succeeded(id);
        this.show({ ...record, received: offset });
        range = nextRange(offset, record.bytes, this.chunkBytes);
      }
      await this.complete(record, controller.signal);
    } catch (err) {
      if (err instanceof Stopped || controller.signal.aborted) return;
      if (isQuotaError(err)) return await this.noRoom(id);
      if (err instanceof Gone) {
        await this.discardChunks(id).catch(() => undefined);
        await this.patch(id, { state: 'failed', received: 0, message: err.message });
        return;
      }
      await this.retryLater(id, navigator.onLine ? t('save.unreachable') : offlineMessage());
    } finally {
      if (this.running.get(id) === controller) this.running.delete(id);
    }
  }

  /** One chunk, read as it arrives (so the bar moves), dropped when it stalls. */
  private async fetchPart(
    record: DownloadRecord,
    range: { start: number; end: number; header: string },
    stop: AbortSignal,
  ): Promise<Blob> {
    const chunk = new AbortController();
    const onStop = () => chunk.abort(new Stopped());
    stop.addEventListener('abort', onStop);
    let timer = setTimeout(() => chunk.abort(new Error('stalled')), this.stallMs);
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => chunk.abort(new Error('stalled')), this.stallMs);
    };
    try {
      const res = await fetch(record.url, {
        headers: { Range: range.header, [DOWNLOAD_HEADER]: '1' },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: chunk.signal,
      });
      if (res.status === 404 || res.status === 410) {
        throw new Gone(t('save.gone'));
      }
      const parts: Uint8Array[] = [];
      let got = 0;
      const reader = res.body?.getReader();
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        got += value.length;
        alive();
        this.show({ ...record, received: range.start + got });
      }
      const data = new Blob(parts as BlobPart[]);
      const verdict = checkPart(range, record.bytes, {
        status: res.status,
        contentRange: res.headers.get('content-range'),
        bytes: data.size,
      });
      if (verdict === 'changed') throw new Gone(t('save.changed'));
      if (verdict === 'bad') throw new Error(`unexpected answer ${res.status} for ${range.header}`);
      return data;
    } finally {
      clearTimeout(timer);
      stop.removeEventListener('abort', onStop);
    }
  }

  /**
   * The last chunk is in: the chunks are checked to make the whole file (a file with a hole is
   * never called saved), and the thumbnail, caption tracks and practice quiz are kept beside them. The worker needs no word of it:
   * it has taken the file's address since the download's first request (sw/downloads.ts).
   */
  private async complete(record: DownloadRecord, stop: AbortSignal) {
    try {
      assemble(await this.spans(record.url), record.bytes, record.mimeType);
    } catch {
      // A hole (the file changed under a resume): fetch it again from the first byte.
      await this.db.chunks.where('url').equals(record.url).delete();
      throw new Error('the saved parts did not make the whole file');
    }
    let quiz: Quiz | undefined;
    try {
      const cache = await caches.open(DOWNLOADS_CACHE);
      const thumbnail = await fetch(record.thumbnail, { credentials: 'same-origin' }).catch(() => undefined);
      if (thumbnail?.ok) await cache.put(record.thumbnail, thumbnail);
      await this.keepCaptions(record, cache);
      quiz = await this.keepQuiz(record);
    } catch (err) {
      if (isQuotaError(err)) return this.noRoom(record.id);
      throw err;
    }
    if (stop.aborted || !(await this.db.downloads.get(record.id))) {
      // Cancelled meanwhile: remove() has freed the chunks; the thumbnail must go too.
      await this.dropThumbnail(record);
      return;
    }
    await this.patch(record.id, {
      state: 'saved',
      received: record.bytes,
      savedAt: this.now(),
      message: undefined,
      quiz,
    });
  }

  /** Frees an unfinished download's chunks, unless another student of this phone saved the file. */
  private async discardChunks(id: string) {
    const record = await this.db.downloads.get(id);
    if (!record) return;
    const others = await this.db.downloads.where('url').equals(record.url).toArray();
    if (others.some((r) => r.id !== id && r.state === 'saved')) return;
    await this.db.chunks.where('url').equals(record.url).delete();
  }

  /** Out of space: says so, and keeps no byte of it (no chunk, no partial copy). */
  private async noRoom(id: string) {
    const record = await this.db.downloads.get(id);
    await this.discardChunks(id).catch(() => undefined);
    if (!record) return;
    await this.dropThumbnail(record).catch(() => undefined);
    const failed = { ...record, state: 'failed' as const, received: 0, message: quotaMessage(record.bytes) };
    // Even the record may not fit: then it goes, and the refusal is shown from memory.
    await this.db.downloads.put(failed).catch(() => this.db.downloads.delete(id));
    this.show(failed);
  }
}

let manager: DownloadManager | undefined;

/** The page's one download manager (its database opens on first use, never at load). */
export function downloadManager(): DownloadManager {
  manager ??= new DownloadManager();
  return manager;
}
