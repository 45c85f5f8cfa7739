import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, TweetsTable } from '../../db/schema.ts';
import { likeColumns, ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type TweetRow = TweetsTable;
export interface TweetListRow extends TweetRow, OwnerRow {
  likes_count: number;
  liked: number;
}

export class TweetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOwner(viewerId: string | undefined) {
    return this.db
      .selectFrom('tweets as t')
      .innerJoin('users as o', 'o.id', 't.owner_id')
      .selectAll('t')
      .select(ownerColumns)
      .select(likeColumns('tweet_likes', 't.id', viewerId));
  }

  async list(ownerId: string | undefined, viewerId: string | undefined, { page, limit }: PageQuery) {
    let rows = this.withOwner(viewerId);
    let count = this.db.selectFrom('tweets').select((eb) => eb.fn.countAll<number>().as('n'));
    if (ownerId !== undefined) {
      rows = rows.where('t.owner_id', '=', ownerId);
      count = count.where('owner_id', '=', ownerId);
    }
    const [docs, total] = await Promise.all([
      rows
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: docs as TweetListRow[], total: Number(total.n) };
  }

  async findWithOwner(id: string, viewerId: string | undefined): Promise<TweetListRow | undefined> {
    return (await this.withOwner(viewerId).where('t.id', '=', id).executeTakeFirst()) as
      TweetListRow | undefined;
  }

  async find(id: string): Promise<TweetRow | undefined> {
    return this.db.selectFrom('tweets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: TweetRow): Promise<void> {
    await this.db.insertInto('tweets').values(row).execute();
  }

  async update(id: string, content: string, now: string): Promise<void> {
    await this.db.updateTable('tweets').set({ content, updated_at: now }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('tweets').where('id', '=', id).execute();
  }
}
