import { randomUUID } from 'node:crypto';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import {
  updateVideoFieldsSchema,
  uploadVideoFieldsSchema,
  type Video,
} from '../../../shared/contracts/videos.ts';
import type { FieldError } from '../../../shared/contracts/envelope.ts';
import { AppError } from '../../errors.ts';
import type { Upload } from '../../plugins/uploads.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { storeImage } from '../media/images.ts';
import { storeVideo } from '../media/videos.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { VideoListRow, VideosRepository } from './videos.repository.ts';

const missingVideo = () => new AppError(404, 'This video does not exist (it may have been deleted)');
const notOwner = () => new AppError(403, 'Only the owner of this video may change or delete it');

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((i) =>
    i.path.length ? { field: String(i.path[0]), message: i.message } : { message: i.message },
  );
}

export class VideosService {
  constructor(
    private readonly videos: VideosRepository,
    private readonly users: UsersRepository,
    private readonly storage: MediaStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private toVideo(row: VideoListRow): Video {
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      videoFile: this.storage.url(row.video_file),
      thumbnail: this.storage.url(row.thumbnail),
      duration: Number(row.duration),
      views: Number(row.views),
      likesCount: Number(row.likes_count),
      owner: ownerFrom(row, this.storage),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async list(ownerId: string | undefined, page: PageQuery): Promise<Paged<Video>> {
    if (ownerId !== undefined && !(await this.users.findById(ownerId))) {
      throw new AppError(404, 'There is no such user');
    }
    const { rows, total } = await this.videos.list(ownerId, page);
    return toPaged(
      rows.map((r) => this.toVideo(r)),
      page,
      total,
    );
  }

  async get(id: string): Promise<Video> {
    const row = await this.videos.findWithOwner(id);
    if (!row) throw missingVideo();
    return this.toVideo(row);
  }

  /** Stores the files, then the row; if anything fails, nothing stays behind. */
  async upload(ownerId: string, upload: Upload): Promise<Video> {
    const parsed = uploadVideoFieldsSchema.safeParse(upload.fields);
    const errors = parsed.success ? [] : fieldErrors(parsed.error.issues);
    if (!upload.files.videoFile) errors.push({ field: 'videoFile', message: 'A video file is required' });
    if (!upload.files.thumbnail)
      errors.push({ field: 'thumbnail', message: 'A thumbnail image is required' });
    if (!parsed.success || errors.length > 0) throw new AppError(400, 'Some fields are not valid', errors);

    const id = randomUUID();
    const stored: string[] = [];
    try {
      const thumbnail = await storeImage(
        this.storage,
        upload.files.thumbnail!.tempPath,
        'thumbnail',
        ownerId,
        'Thumbnail',
        'thumbnail',
      );
      stored.push(thumbnail);
      const video = await storeVideo(this.storage, upload.files.videoFile!.tempPath, parsed.data.duration);
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
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      await Promise.all(stored.map((key) => this.storage.delete(key)));
      throw err;
    }
    return this.get(id);
  }

  async update(userId: string, id: string, fields: Record<string, string>, upload?: Upload): Promise<Video> {
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
      ? await storeImage(this.storage, file.tempPath, 'thumbnail', userId, 'Thumbnail', 'thumbnail')
      : undefined;
    try {
      await this.videos.update(id, {
        ...(parsed.data.title !== undefined ? { title: parsed.data.title } : {}),
        ...(parsed.data.description !== undefined ? { description: parsed.data.description } : {}),
        ...(thumbnail ? { thumbnail } : {}),
        updated_at: this.now().toISOString(),
      });
    } catch (err) {
      if (thumbnail) await this.storage.delete(thumbnail);
      throw err;
    }
    if (thumbnail && thumbnail !== row.thumbnail) await this.storage.delete(row.thumbnail);
    return this.get(id);
  }

  /** Deletes the video, its files, comments, likes and history entries. */
  async delete(userId: string, id: string): Promise<void> {
    const row = await this.videos.find(id);
    if (!row) throw new AppError(404, 'This video does not exist (it may already have been deleted)');
    if (row.owner_id !== userId) throw notOwner();
    if (!(await this.videos.delete(id))) throw missingVideo();
    await Promise.all([this.storage.delete(row.video_file), this.storage.delete(row.thumbnail)]);
  }
}
