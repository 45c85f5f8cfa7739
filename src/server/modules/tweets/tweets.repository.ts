import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, TweetsTable } from '../../db/schema.ts';
import { listTotal, ownedListReader } from '../paging.ts';
import type { OwnerRow } from '../users/owner-columns.ts';

export type TweetRow = Selectable<TweetsTable>;
export type TweetListRow = TweetRow & OwnerRow & { liked: number | boolean };

const reader = ownedListReader<TweetListRow>({
  table: 'tweets',
  narrowedBy: 'owner_id',
  likes: 'tweet_likes',
});

export class TweetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page, newest first; `ownerId` narrows to one user. Totals are kept, not counted. */
  async list(ownerId: string | undefined, viewerId: string | undefined, page: PageQuery) {
    const total = await listTotal(this.db, 'tweets', ownerId);
    return { rows: await reader.page(this.db, page, total, { narrowTo: ownerId, viewerId }), total };
  }

  async findWithOwner(id: string, viewerId: string | undefined): Promise<TweetListRow | undefined> {
    return reader.byId(this.db, id, viewerId);
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
