import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Processing, Rendition } from '../../../shared/contracts/videos.ts';
import type { Selectable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { VideosTable } from '../../db/schema.ts';
import type { Backfill } from '../../jobs/backfills.ts';
import type { ClaimedJob, JobRow, JobsRepository } from '../../jobs/jobs.repository.ts';
import { PermanentJobError, type JobContext, type JobHandler } from '../../jobs/worker.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import { videoMimeOf } from '../media/videos.ts';
import type { MediaTools } from './media-tools.ts';
import {
  originalSizeBackfill,
  renditionsJobsBackfill,
  RENDITIONS_JOBS_BACKFILL,
  summaryBackfill,
} from './renditions.backfills.ts';
import {
  summaryOf,
  type RenditionRow,
  type RenditionSummary,
  type RenditionsRepository,
} from './renditions.repository.ts';
import { checkOutputs, planRenditions, probe, transcode, type CheckedOutput } from './transcode.ts';

export const RENDITIONS_JOB = 'renditions';

export interface RenditionsSettings {
  /** Encoder and decoder threads for one ffmpeg run (RENDITION_THREADS). */
  threads: number;
  /** The longest one run may take (RENDITION_TIMEOUT_MINUTES); see `timeLimitMs`. */
  maxRunMs: number;
  maxAttempts: number;
}

/** What a video row gives the answer builder. */
export type VideoMediaRow = Pick<
  Selectable<VideosTable>,
  | 'id'
  | 'video_file'
  | 'video_bytes'
  | 'video_mime'
  | 'video_height'
  | 'duration'
  | 'rendition_summary'
  | 'processing_state'
  | 'processing_progress'
>;

const bitrateOf = (bytes: number, seconds: number) =>
  seconds > 0 ? Math.round((bytes * 8) / seconds) : null;

/**
 * Video for weak links (docs/api.md, "Renditions"): queues a renditions job for each new video,
 * makes the renditions when a worker runs the job, and says in every video answer what each
 * copy costs and how far the processing has got.
 */
export class RenditionsService {
  constructor(
    private readonly repo: RenditionsRepository,
    private readonly jobs: JobsRepository,
    private readonly media: MediaLibrary,
    /** Undefined when this server has no working ffmpeg: videos say "unavailable". */
    readonly tools: MediaTools | undefined,
    private readonly settings: RenditionsSettings,
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Set by whoever runs the workers, to start a local worker at once on new work. */
  onQueued: (() => void) | undefined;

  get handler(): JobHandler {
    return {
      kind: RENDITIONS_JOB,
      maxAttempts: this.settings.maxAttempts,
      run: (job: ClaimedJob, context: JobContext) => this.make(job.subject, context),
    };
  }

  /**
   * Queues the renditions of a new video. With no ffmpeg, none (the video says "unavailable"),
   * and the back-fill that queues what videos lack runs again at the next start that has one.
   */
  async queue(videoId: string): Promise<void> {
    if (!this.tools) {
      await this.reopenJobsBackfill();
      return;
    }
    await this.jobs.enqueue(RENDITIONS_JOB, videoId, this.settings.maxAttempts, this.now());
    this.onQueued?.();
  }

  private async reopenJobsBackfill(): Promise<void> {
    await this.repo.reopenBackfill(RENDITIONS_JOBS_BACKFILL);
  }

  /** The video's files and jobs are gone: forget its job too (a running one stops at its next heartbeat). */
  async forget(videoId: string): Promise<void> {
    await this.jobs.remove(RENDITIONS_JOB, videoId);
  }

  /**
   * Every copy of each video, smallest first and the original last, and its processing state.
   * Read from the row itself (its summary and job state, migration 0012); only rows older than
   * that and not yet back-filled cost a query, one for the renditions and one for the jobs of all.
   */
  async describe(
    videos: VideoMediaRow[],
  ): Promise<Map<string, { renditions: Rendition[]; processing: Processing }>> {
    const unsummarized = videos.filter((v) => v.rendition_summary === null).map((v) => v.id);
    const [tables, jobs] =
      unsummarized.length === 0
        ? [new Map<string, RenditionRow[]>(), new Map<string, JobRow>()]
        : await Promise.all([
            this.repo.forVideos(unsummarized),
            this.jobs.forSubjects(RENDITIONS_JOB, unsummarized),
          ]);
    const storage = this.media.storage;
    const answer = new Map<string, { renditions: Rendition[]; processing: Processing }>();
    for (const video of videos) {
      let summaries: RenditionSummary[];
      let job: Pick<JobRow, 'state' | 'progress'> | undefined;
      if (video.rendition_summary !== null) {
        summaries = JSON.parse(video.rendition_summary) as RenditionSummary[];
        job =
          video.processing_state === null
            ? undefined
            : { state: video.processing_state, progress: Number(video.processing_progress) };
      } else {
        summaries = (tables.get(video.id) ?? []).map(summaryOf);
        job = jobs.get(video.id);
      }
      const made = summaries.map((r): Rendition => ({
        quality: r.quality,
        url: storage.url(r.file),
        bytes: Number(r.bytes),
        mimeType: r.mimeType,
        height: r.height === null ? null : Number(r.height),
        bitrate: r.bitrate === null ? null : Number(r.bitrate),
      }));
      made.sort((a, b) => a.bytes - b.bytes);
      const bytes = Number(video.video_bytes ?? 0);
      made.push({
        quality: 'original',
        url: storage.url(video.video_file),
        bytes,
        mimeType: video.video_mime ?? videoMimeOf(video.video_file),
        height: video.video_height === null ? null : Number(video.video_height),
        bitrate: bitrateOf(bytes, Number(video.duration)),
      });
      answer.set(video.id, {
        renditions: made,
        processing: this.processing(job, made.length > 1),
      });
    }
    return answer;
  }

  private processing(
    job: Pick<JobRow, 'state' | 'progress'> | undefined,
    hasRenditions: boolean,
  ): Processing {
    if (job) return { state: job.state, progress: job.state === 'done' ? 100 : Number(job.progress) };
    if (hasRenditions) return { state: 'done', progress: 100 };
    return { state: this.tools ? 'queued' : 'unavailable', progress: 0 };
  }

  /**
   * The work older videos need, done in the background once the server answers
   * (src/server/jobs/backfills.ts): summaries on rows older than migration 0012, the size of
   * originals stored before migration 0009, and a renditions job for every video that never
   * had one (older videos, or ones uploaded while the server had no ffmpeg).
   */
  backfills(dialect: Dialect): Array<Backfill<unknown>> {
    return [
      summaryBackfill(dialect),
      originalSizeBackfill(this.media.storage, this.log),
      renditionsJobsBackfill(dialect, {
        maxAttempts: this.settings.maxAttempts,
        enabled: () => this.tools !== undefined,
        now: this.now,
      }),
    ] as Array<Backfill<unknown>>;
  }

  /** Twice the video's length, at least two minutes, at most RENDITION_TIMEOUT_MINUTES. */
  private timeLimitMs(durationSeconds: number): number {
    return Math.min(this.settings.maxRunMs, Math.max(120_000, durationSeconds * 2000));
  }

  /** One job: the original to a local file, one ffmpeg run, each output checked, then published. */
  private async make(videoId: string, { signal, progress }: JobContext): Promise<void> {
    const tools = this.tools;
    if (!tools) throw new PermanentJobError('this server has no ffmpeg');
    const video = await this.repo.source(videoId);
    if (!video) return; // deleted meanwhile: nothing to make
    const storage = this.media.storage;
    const temps: string[] = [];
    const tempFile = (extension: string) => {
      const file = storage.tempFile(extension);
      temps.push(file);
      return file;
    };
    try {
      let input = storage.localPath?.(video.video_file);
      if (!input) {
        input = tempFile('.source');
        await pipeline(storage.read(video.video_file), fs.createWriteStream(input), { signal });
      }
      const source = await probe(tools, input).catch((err: Error) => {
        throw new PermanentJobError(`ffprobe cannot read the video: ${err.message.split('\n')[0]}`);
      });
      const outputs = planRenditions(source, tempFile);
      if (outputs.length > 0) {
        await transcode(tools, input, source, outputs, {
          threads: this.settings.threads,
          timeoutMs: this.timeLimitMs(source.duration),
          signal,
          onProgress: progress,
        });
      }
      signal.throwIfAborted();
      await this.publish(videoId, await checkOutputs(tools, source, outputs), {
        bytes: source.bytes,
        mime: video.video_mime ?? videoMimeOf(video.video_file),
        height: source.display?.height ?? null,
      });
    } finally {
      await Promise.all(temps.map((f) => fsp.rm(f, { force: true })));
    }
  }

  /** Bytes first, then rows; the replaced files are released after the rows commit (docs/api.md, "Media"). */
  private async publish(
    videoId: string,
    outputs: CheckedOutput[],
    original: { bytes: number; mime: string; height: number | null },
  ): Promise<void> {
    const keys: string[] = [];
    try {
      const rows = [];
      for (const output of outputs) {
        const key = this.media.newKey('renditions', output.quality === 'audio' ? 'm4a' : 'mp4');
        await this.media.publishFile(key, output.file);
        keys.push(key);
        rows.push({
          quality: output.quality,
          file: key,
          bytes: output.bytes,
          mime_type: output.mimeType,
          height: output.height,
          bitrate: output.bitrate,
          created_at: this.now().toISOString(),
        });
      }
      const replaced = await this.repo.replace(videoId, rows, original);
      if (replaced === undefined) {
        await this.media.release(keys); // the video was deleted while its renditions were made
        return;
      }
      await this.media.settle(keys);
      await this.media.release(replaced);
    } catch (err) {
      await this.media.release(keys);
      throw err;
    }
  }
}
