import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { CommentsTable, Database } from '../../db/schema.ts';
import { likeColumns, ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type CommentRow = CommentsTable;
export interface CommentListRow extends CommentRow, OwnerRow {
  likes_count: number;
  liked: number;
}

export class CommentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOwner(viewerId: string | undefined) {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('users as o', 'o.id', 'c.owner_id')
      .selectAll('c')
      .select(ownerColumns)
      .select(likeColumns('comment_likes', 'c.id', viewerId));
  }

  async list(videoId: string, viewerId: string | undefined, { page, limit }: PageQuery) {
    const [rows, count] = await Promise.all([
      this.withOwner(viewerId)
        .where('c.video_id', '=', videoId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('video_id', '=', videoId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as CommentListRow[], total: Number(count.n) };
  }

  async findWithOwner(id: string, viewerId: string | undefined): Promise<CommentListRow | undefined> {
    return (await this.withOwner(viewerId).where('c.id', '=', id).executeTakeFirst()) as
      CommentListRow | undefined;
  }

  async find(id: string): Promise<CommentRow | undefined> {
    return this.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: CommentRow): Promise<void> {
    await this.db.insertInto('comments').values(row).execute();
  }

  async update(id: string, content: string, now: string): Promise<void> {
    await this.db.updateTable('comments').set({ content, updated_at: now }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('comments').where('id', '=', id).execute();
  }
}
