import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { CommentsTable, Database } from '../../db/schema.ts';
import { ownedListReader } from '../paging.ts';
import type { OwnerRow } from '../users/owner-columns.ts';

export type CommentRow = Selectable<CommentsTable>;
export type CommentListRow = CommentRow & OwnerRow & { liked: number | boolean };

const reader = ownedListReader<CommentListRow>({
  table: 'comments',
  narrowedBy: 'video_id',
  likes: 'comment_likes',
});

export class CommentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One page of a video's `total` comments, newest first, from whichever end of the
   * (video_id, created_at, id) index is nearer (see ownedListReader).
   */
  list(
    videoId: string,
    viewerId: string | undefined,
    page: PageQuery,
    total: number,
  ): Promise<CommentListRow[]> {
    return reader.page(this.db, page, total, { narrowTo: videoId, viewerId });
  }

  async findWithOwner(id: string, viewerId: string | undefined): Promise<CommentListRow | undefined> {
    return reader.byId(this.db, id, viewerId);
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
