import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, TweetsTable } from '../../db/schema.ts';
import { listTotal, ownedListReader } from '../paging.ts';
import { likedColumn, ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type TweetRow = Selectable<TweetsTable>;
export type TweetListRow = TweetRow & OwnerRow & { liked: number | boolean };

const readPage = ownedListReader<TweetListRow>({
  table: 'tweets',
  narrowedBy: 'owner_id',
  likes: 'tweet_likes',
});

export class TweetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOwner(viewerId: string | undefined) {
    return this.db
      .selectFrom('tweets as t')
      .innerJoin('users as o', 'o.id', 't.owner_id')
      .selectAll('t')
      .select(ownerColumns)
      .select(likedColumn('tweet_likes', 't.id', viewerId));
  }

  /** One page, newest first; `ownerId` narrows to one user. Totals are kept, not counted. */
  async list(ownerId: string | undefined, viewerId: string | undefined, page: PageQuery) {
    const total = await listTotal(this.db, 'tweets', ownerId);
    return { rows: await readPage(this.db, page, total, { narrowTo: ownerId, viewerId }), total };
  }

  async findWithOwner(id: string, viewerId: string | undefined): Promise<TweetListRow | undefined> {
    return this.withOwner(viewerId).where('t.id', '=', id).executeTakeFirst();
  }

  async find(id: string): Promise<TweetRow | undefined> {
    return this.db.selectFrom('tweets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<TweetsTable>): Promise<void> {
    await this.db.insertInto('tweets').values(row).execute();
  }

  async update(id: string, content: string, now: string): Promise<void> {
    await this.db.updateTable('tweets').set({ content, updated_at: now }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('tweets').where('id', '=', id).execute();
  }
}
