import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { CommentsTable, Database } from '../../db/schema.ts';
import { reusableQuery } from '../../db/reusable.ts';
import { pageWindow } from '../paging.ts';
import { likedColumn, ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type CommentRow = Selectable<CommentsTable>;
export type CommentListRow = CommentRow & OwnerRow & { liked: number | boolean };

/** One page of a video's comments with their authors and the viewer's likes (see VideosRepository). */
const pageQuery = reusableQuery(
  (
    db: Kysely<Database>,
    shape: { order: 'asc' | 'desc'; viewer: boolean; limit: number; offset: number },
    v: { videoId: string; viewerId: string | undefined },
  ) => {
    const liked = likedColumn('comment_likes', 'c.id', shape.viewer ? v.viewerId : undefined);
    if (shape.offset === 0) {
      return db
        .selectFrom('comments as c')
        .innerJoin('users as o', 'o.id', 'c.owner_id')
        .selectAll('c')
        .select(ownerColumns)
        .select(liked)
        .where('c.video_id', '=', v.videoId)
        .orderBy('c.created_at', shape.order)
        .orderBy('c.id', shape.order)
        .limit(shape.limit);
    }
    const ids = db
      .selectFrom('comments')
      .select('id')
      .where('video_id', '=', v.videoId)
      .orderBy('created_at', shape.order)
      .orderBy('id', shape.order)
      .limit(shape.limit)
      .offset(shape.offset);
    return db
      .selectFrom(ids.as('p'))
      .crossJoin('comments as c')
      .crossJoin('users as o')
      .whereRef('c.id', '=', 'p.id')
      .whereRef('o.id', '=', 'c.owner_id')
      .selectAll('c')
      .select(ownerColumns)
      .select(liked)
      .orderBy('c.created_at', shape.order)
      .orderBy('c.id', shape.order);
  },
);

export class CommentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOwner(viewerId: string | undefined) {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('users as o', 'o.id', 'c.owner_id')
      .selectAll('c')
      .select(ownerColumns)
      .select(likedColumn('comment_likes', 'c.id', viewerId));
  }

  /**
   * One page of a video's `total` comments, newest first, from whichever end of the
   * (video_id, created_at, id) index is nearer (see pageWindow).
   */
  async list(
    videoId: string,
    viewerId: string | undefined,
    page: PageQuery,
    total: number,
  ): Promise<CommentListRow[]> {
    const window = pageWindow(page, total);
    if (!window) return [];
    const rows = await pageQuery(
      this.db,
      {
        order: window.fromEnd ? 'asc' : 'desc',
        viewer: viewerId !== undefined,
        limit: window.limit,
        offset: window.offset,
      },
      { videoId, viewerId },
    );
    return window.fromEnd ? rows.reverse() : rows;
  }

  async findWithOwner(id: string, viewerId: string | undefined): Promise<CommentListRow | undefined> {
    return this.withOwner(viewerId).where('c.id', '=', id).executeTakeFirst();
  }

  async find(id: string): Promise<CommentRow | undefined> {
    return this.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<CommentsTable>): Promise<void> {
    await this.db.insertInto('comments').values(row).execute();
  }

  async update(id: string, content: string, now: string): Promise<void> {
    await this.db.updateTable('comments').set({ content, updated_at: now }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('comments').where('id', '=', id).execute();
  }
}
