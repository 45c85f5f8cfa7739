import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, TweetsTable } from '../../db/schema.ts';
import { reusableQuery } from '../../db/reusable.ts';
import { pageWindow, rowCount } from '../paging.ts';
import { likedColumn, ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type TweetRow = Selectable<TweetsTable>;
export type TweetListRow = TweetRow & OwnerRow & { liked: number | boolean };

/** One page of tweets with their owners and the viewer's likes, read as VideosRepository reads videos. */
const pageQuery = reusableQuery(
  (
    db: Kysely<Database>,
    shape: { order: 'asc' | 'desc'; owner: boolean; viewer: boolean; limit: number; offset: number },
    v: { ownerId: string | undefined; viewerId: string | undefined },
  ) => {
    const liked = likedColumn('tweet_likes', 't.id', shape.viewer ? v.viewerId : undefined);
    if (shape.offset === 0) {
      let first = db
        .selectFrom('tweets as t')
        .innerJoin('users as o', 'o.id', 't.owner_id')
        .selectAll('t')
        .select(ownerColumns)
        .select(liked);
      if (shape.owner) first = first.where('t.owner_id', '=', v.ownerId!);
      return first.orderBy('t.created_at', shape.order).orderBy('t.id', shape.order).limit(shape.limit);
    }
    let ids = db.selectFrom('tweets').select('id');
    if (shape.owner) ids = ids.where('owner_id', '=', v.ownerId!);
    return db
      .selectFrom(
        ids
          .orderBy('created_at', shape.order)
          .orderBy('id', shape.order)
          .limit(shape.limit)
          .offset(shape.offset)
          .as('p'),
      )
      .crossJoin('tweets as t')
      .crossJoin('users as o')
      .whereRef('t.id', '=', 'p.id')
      .whereRef('o.id', '=', 't.owner_id')
      .selectAll('t')
      .select(ownerColumns)
      .select(liked)
      .orderBy('t.created_at', shape.order)
      .orderBy('t.id', shape.order);
  },
);

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
    const total =
      ownerId === undefined
        ? await rowCount(this.db, 'tweets')
        : Number(
            (
              await this.db
                .selectFrom('tweets')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('owner_id', '=', ownerId)
                .executeTakeFirstOrThrow()
            ).n,
          );
    const window = pageWindow(page, total);
    if (!window) return { rows: [], total };
    const rows = await pageQuery(
      this.db,
      {
        order: window.fromEnd ? 'asc' : 'desc',
        owner: ownerId !== undefined,
        viewer: viewerId !== undefined,
        limit: window.limit,
        offset: window.offset,
      },
      { ownerId, viewerId },
    );
    return { rows: window.fromEnd ? rows.reverse() : rows, total };
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
