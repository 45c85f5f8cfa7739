import { monotonicNow } from '../../clock.ts';
import { randomUUID } from 'node:crypto';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import {
  updateVideoFieldsSchema,
  uploadVideoFieldsSchema,
  type Video,
} from '../../../shared/contracts/videos.ts';
import { parseChapters } from '../../../shared/chapters.ts';
import { AppError, fieldErrors } from '../../errors.ts';
import type { MultipartForm } from '../../multipart-form.ts';
import { captionSummaries } from '../captions/captions.repository.ts';
import { toCaption } from '../captions/captions.service.ts';
import { storeImage } from '../media/images.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import { storeVideo } from '../media/videos.ts';
import type { RenditionsService } from '../renditions/renditions.service.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { TakenUpload, UploadsService } from '../uploads/uploads.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { VideoListRow, VideosRepository } from './videos.repository.ts';

/** The rendition files a row's summary names (null on rows not yet back-filled: none known). */
function renditionFiles(summary: string | null): string[] {
  if (!summary) return [];
  try {
    const parsed: unknown = JSON.parse(summary);
    return Array.isArray(parsed)
      ? parsed.map((r: { file?: unknown }) => r.file).filter((f) => typeof f === 'string')
      : [];
  } catch {
    return [];
  }
}

const missingVideo = () => new AppError(404, 'This video does not exist (it may have been deleted)');
const notOwner = () => new AppError(403, 'Only the owner of this video may change or delete it');

export class VideosService {
  constructor(
    private readonly videos: VideosRepository,
    private readonly users: UsersRepository,
    private readonly media: MediaLibrary,
    private readonly renditions: RenditionsService,
    private readonly uploads?: UploadsService,
    private readonly now: () => Date = monotonicNow,
  ) {}

  /** Rows as answers, each with what its copies cost (one query for the renditions of all). */
  private async toVideos(rows: VideoListRow[]): Promise<Video[]> {
    const media = await this.renditions.describe(rows);
    return rows.map((row) => this.toVideo(row, media.get(row.id)!));
  }

  private toVideo(
    row: VideoListRow,
    { renditions, processing }: Pick<Video, 'renditions' | 'processing'>,
  ): Video {
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      videoFile: this.media.storage.url(row.video_file),
      thumbnail: this.media.storage.url(row.thumbnail),
      duration: Number(row.duration),
      views: Number(row.views),
      likesCount: Number(row.likes_count),
      owner: ownerFrom(row, this.media.storage),
      renditions,
      processing,
      // Kept on the row with the tracks (migration 0019), and read from the description.
      captions: captionSummaries(row.caption_summary).map((t) => toCaption(t, this.media.storage)),
      chapters: parseChapters(row.description),
      // Its question count is kept on the row with the quiz (migration 0020); the viewer's best
      // is read with the row.
      quiz:
        row.quiz_questions === null
          ? null
          : {
              questions: Number(row.quiz_questions),
              best: row.quiz_best === null || row.quiz_best === undefined ? null : Number(row.quiz_best),
            },
      // The viewer's place, read with the row: a kept place always has a position, so none is
      // no place (or no one signed in).
      progress:
        row.progress_position === null || row.progress_position === undefined
          ? null
          : { position: Number(row.progress_position), completed: Number(row.progress_completed) === 1 },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /**
   * A page of videos; `viewerId`, the signed-in viewer, adds their best practice scores and their
   * places (as the other reads below do).
   */
  async list(ownerId: string | undefined, page: PageQuery, viewerId?: string): Promise<Paged<Video>> {
    if (ownerId !== undefined && !(await this.users.findById(ownerId))) {
      throw new AppError(404, 'There is no such user');
    }
    const { rows, total } = await this.videos.list(ownerId, page, viewerId);
    return toPaged(await this.toVideos(rows), page, total);
  }

  /**
   * "Search videos": the videos holding the words of `q`, best first, or those one typo away
   * with the corrected query as `suggestion` (docs/api.md, "Search"). A blank `q` is the plain
   * list; a `q` with no word in it (only punctuation) matches nothing.
   */
  async search(
    q: string,
    page: PageQuery,
    viewerId?: string,
  ): Promise<{ page: Paged<Video> & { suggestion?: string }; reusedUntil?: number }> {
    if (q.trim() === '') return { page: await this.list(undefined, page, viewerId) };
    const { rows, total, suggestion, reusedUntil } = await this.videos.search(q, page, viewerId);
    return {
      page: { ...toPaged(await this.toVideos(rows), page, total), ...(suggestion ? { suggestion } : {}) },
      ...(reusedUntil !== undefined ? { reusedUntil } : {}),
    };
  }

  /** Videos as answers, in the order of `ids`; ids of videos that no longer exist are left out. */
  async byIds(ids: string[], viewerId?: string): Promise<Video[]> {
    return this.toVideos(await this.videos.byIds(ids, viewerId));
  }

  /** Which of `ids` are videos of `ownerId` (a course's lessons are its owner's own videos). */
  async ownedAmong(ownerId: string, ids: string[]): Promise<Set<string>> {
    return this.videos.ownedAmong(ownerId, ids);
  }

  async get(id: string, viewerId?: string): Promise<Video> {
    const row = await this.videos.findWithOwner(id, viewerId);
    if (!row) throw missingVideo();
    const [video] = await this.toVideos([row]);
    return video!;
  }

  /**
   * Stores the files, then the row; if anything fails, nothing stays behind. The video is the
   * `videoFile` part, or a finished resumable upload named by `uploadId` (taken once only).
   */
  async upload(ownerId: string, upload: MultipartForm): Promise<Video> {
    const parsed = uploadVideoFieldsSchema.safeParse(upload.fields);
    const errors = parsed.success ? [] : fieldErrors(parsed.error.issues);
    const uploadId = parsed.success ? parsed.data.uploadId : undefined;
    if (!upload.files.videoFile && !uploadId) {
      errors.push({ field: 'videoFile', message: 'A video file is required' });
    }
    if (upload.files.videoFile && uploadId) {
      errors.push({ field: 'uploadId', message: 'Send either a video file or an upload id, not both' });
    }
    if (uploadId && !this.uploads) {
      errors.push({ field: 'uploadId', message: 'This server does not take resumable uploads' });
    }
    if (!upload.files.thumbnail)
      errors.push({ field: 'thumbnail', message: 'A thumbnail image is required' });
    if (!parsed.success || errors.length > 0) throw new AppError(400, 'Some fields are not valid', errors);

    const id = randomUUID();
    const stored: string[] = [];
    let taken: TakenUpload | undefined;
    let moved = false;
    try {
      // The thumbnail first: a bad picture must not cost the student the upload it came with.
      const thumbnail = await storeImage(
        this.media,
        upload.files.thumbnail!.tempPath,
        'thumbnail',
        'Thumbnail',
        'thumbnail',
      );
      stored.push(thumbnail);
      if (uploadId) taken = await this.uploads!.take(ownerId, uploadId);
      const source = taken?.filePath ?? upload.files.videoFile!.tempPath;
      const video = await storeVideo(this.media, source, parsed.data.duration);
      moved = true;
      stored.push(video.key);
      const now = this.now().toISOString();
      await this.videos.insert({
        id,
        owner_id: ownerId,
        title: parsed.data.title,
        description: parsed.data.description,
        video_file: video.key,
        thumbnail,
        duration: video.duration,
        video_bytes: video.bytes,
        video_mime: video.mime,
        // No renditions yet: its answers are read from the row alone (migration 0012).
        rendition_summary: '[]',
        created_at: now,
        updated_at: now,
      });
      await this.media.settle(stored);
    } catch (err) {
      await this.media.release(stored);
      if (taken) {
        // Bytes that are not a video (415) go, so nothing is left behind; bytes moved into the
        // store went with the release above; otherwise the upload may be used again.
        const notVideo = err instanceof AppError && err.statusCode === 415;
        await (moved || notVideo ? taken.remove() : taken.giveBack());
      }
      throw err;
    }
    // The video is made. Should forgetting the upload fail, the upload cleanup takes its row
    // within the hour (a claimed upload with no video), and the answer stays a success.
    await taken?.remove().catch(() => undefined);
    // Renditions are made in the background; should queueing fail, the backfill at the next
    // start queues every video that has no job.
    await this.renditions.queue(id).catch(() => undefined);
    return this.get(id, ownerId);
  }

  async update(
    userId: string,
    id: string,
    fields: Record<string, string>,
    upload?: MultipartForm,
  ): Promise<Video> {
    const row = await this.videos.find(id);
    if (!row) throw missingVideo();
    if (row.owner_id !== userId) throw notOwner();
    const parsed = updateVideoFieldsSchema.safeParse(fields);
    if (!parsed.success)
      throw new AppError(400, 'Some fields are not valid', fieldErrors(parsed.error.issues));
    const file = upload?.files.thumbnail;
    if (parsed.data.title === undefined && parsed.data.description === undefined && !file) {
      throw new AppError(400, 'Send a new title, description or thumbnail');
    }
    const thumbnail = file
      ? await storeImage(this.media, file.tempPath, 'thumbnail', 'Thumbnail', 'thumbnail')
      : undefined;
    const fieldsPatch = {
      ...(parsed.data.title !== undefined ? { title: parsed.data.title } : {}),
      ...(parsed.data.description !== undefined ? { description: parsed.data.description } : {}),
    };
    try {
      if (!thumbnail) {
        if (!(await this.videos.update(id, { ...fieldsPatch, updated_at: this.now().toISOString() })))
          throw missingVideo();
        return this.get(id, userId);
      }
      // Compare and swap on the thumbnail, so that of two replacements racing, each releases
      // exactly the file it replaced (docs/api.md, "Media").
      for (let current = row; ;) {
        const patch = { ...fieldsPatch, thumbnail, updated_at: this.now().toISOString() };
        await this.media.releasing(current.thumbnail);
        if (await this.videos.update(id, patch, current.thumbnail)) {
          await this.media.settle([thumbnail]);
          await this.media.release([current.thumbnail]);
          return this.get(id, userId);
        }
        const again = await this.videos.find(id);
        if (!again) throw missingVideo();
        current = again;
      }
    } catch (err) {
      if (thumbnail) await this.media.release([thumbnail]);
      throw err;
    }
  }

  /**
   * Deletes the video, its files (its renditions' and caption tracks' too), comments, likes and
   * history entries.
   */
  async delete(userId: string, id: string): Promise<void> {
    const row = await this.videos.find(id);
    if (!row) throw new AppError(404, 'This video does not exist (it may already have been deleted)');
    if (row.owner_id !== userId) throw notOwner();
    // Journaled first, the files the row names now, so that a crash between the delete and the
    // release leaves entries for the next start (media-library.ts, rule 5), not files that wait
    // for the sweep. Files added meanwhile are released below all the same.
    const named = [
      row.video_file,
      row.thumbnail,
      ...renditionFiles(row.rendition_summary),
      ...captionSummaries(row.caption_summary).map((t) => t.file),
    ];
    await this.media.releasing(named);
    const gone = await this.videos.delete(id);
    if (!gone) {
      // Deleted meanwhile: the files go only if no row names them, and the entries end.
      await this.media.release(named);
      throw missingVideo();
    }
    // The row is gone first; then its files, unless something else still names them.
    await this.media.release([
      gone.video_file,
      gone.thumbnail,
      ...gone.renditions,
      ...gone.captions,
      ...named,
    ]);
    await this.renditions.forget(id);
  }
}
