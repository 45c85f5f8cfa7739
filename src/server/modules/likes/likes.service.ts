import { monotonicNow } from '../../clock.ts';
import type { LikeKind, LikeState, LikedVideo } from '../../../shared/contracts/likes.ts';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { LikesRepository } from './likes.repository.ts';

const NAMES: Record<LikeKind, string> = { v: 'video', c: 'comment', t: 'tweet' };
const missing = (kind: LikeKind) =>
  new AppError(404, `This ${NAMES[kind]} does not exist (it may have been deleted)`);

export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly storage: MediaStorage,
    private readonly now: () => Date = monotonicNow,
  ) {}

  private async requireTarget(kind: LikeKind, targetId: string): Promise<void> {
    if (!(await this.likes.targetExists(kind, targetId))) throw missing(kind);
  }

  async state(kind: LikeKind, targetId: string, viewerId: string | undefined): Promise<LikeState> {
    const state = await this.likes.state(kind, targetId, viewerId);
    if (!state) throw missing(kind);
    return state;
  }

  /** With `liked` given, sets that state (safe to repeat); without, flips the current one. */
  async change(
    kind: LikeKind,
    targetId: string,
    userId: string,
    liked: boolean | undefined,
  ): Promise<LikeState> {
    await this.requireTarget(kind, targetId);
    const now = this.now().toISOString();
    if (liked === undefined) await this.likes.toggle(kind, targetId, userId, now);
    else await this.likes.set(kind, targetId, userId, liked, now);
    return this.state(kind, targetId, userId);
  }

  async likedVideos(userId: string, page: PageQuery): Promise<Paged<LikedVideo>> {
    const { rows, total } = await this.likes.likedVideos(userId, page);
    const docs = rows.map((r) => ({
      _id: r.like_id,
      likedAt: r.liked_at,
      video: {
        _id: r.id,
        title: r.title,
        thumbnail: this.storage.url(r.thumbnail),
        duration: Number(r.duration),
        owner: ownerFrom(r, this.storage),
      },
    }));
    return toPaged(docs, page, total);
  }
}
