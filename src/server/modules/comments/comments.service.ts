import { monotonicNow } from '../../clock.ts';
import { randomUUID } from 'node:crypto';
import type { Comment, CommentInput } from '../../../shared/contracts/comments.ts';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { VideosRepository } from '../videos/videos.repository.ts';
import type { CommentListRow, CommentsRepository } from './comments.repository.ts';

const missingVideo = () => new AppError(404, 'This video does not exist (it may have been deleted)');
const missingComment = () =>
  new AppError(404, 'This comment does not exist (it may already have been deleted)');
const notAuthor = () => new AppError(403, 'Only the author of this comment may change or delete it');

export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly videos: VideosRepository,
    private readonly storage: MediaStorage,
    private readonly now: () => Date = monotonicNow,
  ) {}

  private toComment(row: CommentListRow): Comment {
    return {
      _id: row.id,
      content: row.content,
      video: row.video_id,
      owner: ownerFrom(row, this.storage),
      likesCount: Number(row.likes_count),
      liked: Number(row.liked) > 0,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async list(videoId: string, viewerId: string | undefined, page: PageQuery): Promise<Paged<Comment>> {
    const total = await this.videos.commentsCount(videoId);
    if (total === undefined) throw missingVideo();
    const rows = await this.comments.list(videoId, viewerId, page, total);
    return toPaged(
      rows.map((r) => this.toComment(r)),
      page,
      total,
    );
  }

  async add(userId: string, videoId: string, input: CommentInput): Promise<Comment> {
    if (!(await this.videos.find(videoId))) throw missingVideo();
    const now = this.now().toISOString();
    const id = randomUUID();
    await this.comments.insert({
      id,
      video_id: videoId,
      owner_id: userId,
      content: input.content,
      created_at: now,
      updated_at: now,
    });
    return this.get(id, userId);
  }

  async edit(userId: string, commentId: string, input: CommentInput): Promise<Comment> {
    const row = await this.comments.find(commentId);
    if (!row) throw missingComment();
    if (row.owner_id !== userId) throw notAuthor();
    await this.comments.update(commentId, input.content, this.now().toISOString());
    return this.get(commentId, userId);
  }

  async delete(userId: string, commentId: string): Promise<void> {
    const row = await this.comments.find(commentId);
    if (!row) throw missingComment();
    if (row.owner_id !== userId) throw notAuthor();
    await this.comments.delete(commentId);
  }

  private async get(id: string, viewerId: string): Promise<Comment> {
    const row = await this.comments.findWithOwner(id, viewerId);
    if (!row) throw missingComment();
    return this.toComment(row);
  }
}
