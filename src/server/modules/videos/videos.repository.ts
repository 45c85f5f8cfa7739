import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, VideosTable } from '../../db/schema.ts';
import { reusableQuery } from '../../db/reusable.ts';
import { pageWindow, rowCount } from '../paging.ts';
import { ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type VideoRow = Selectable<VideosTable>;

export type VideoListRow = VideoRow & OwnerRow;

/**
 * One page of videos with their owners, in `shape.order` of (created_at, id). The first page
 * reads the (owner,) created_at, id index in order and joins each row to its owner, stopping at
 * the limit. A later page first takes its ids from that index alone, stepping over the earlier
 * entries without reading their rows, and only then reads and joins the page's own rows: OFFSET
 * over a join would join every row it skips. CROSS JOIN pins that order on SQLite whatever its
 * estimates (given a LIMIT it could not see, it chose to scan the whole table against the
 * page); PostgreSQL plans it as an ordinary join, and plans the first-page form in half the time.
 */
const pageQuery = reusableQuery(
  (
    db: Kysely<Database>,
    shape: { order: 'asc' | 'desc'; owner: boolean; limit: number; offset: number },
    v: { ownerId: string | undefined },
  ) => {
    if (shape.offset === 0) {
      let first = db
        .selectFrom('videos as v')
        .innerJoin('users as o', 'o.id', 'v.owner_id')
        .selectAll('v')
        .select(ownerColumns);
      if (shape.owner) first = first.where('v.owner_id', '=', v.ownerId!);
      return first.orderBy('v.created_at', shape.order).orderBy('v.id', shape.order).limit(shape.limit);
    }
    let ids = db.selectFrom('videos').select('id');
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
      .crossJoin('videos as v')
      .crossJoin('users as o')
      .whereRef('v.id', '=', 'p.id')
      .whereRef('o.id', '=', 'v.owner_id')
      .selectAll('v')
      .select(ownerColumns)
      .orderBy('v.created_at', shape.order)
      .orderBy('v.id', shape.order);
  },
);

const commentsCountQuery = reusableQuery(
  (db: Kysely<Database>, _shape: Record<string, never>, v: { id: string }) =>
    db.selectFrom('videos').select('comments_count').where('id', '=', v.id),
);

export class VideosRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private listQuery() {
    return this.db
      .selectFrom('videos as v')
      .innerJoin('users as o', 'o.id', 'v.owner_id')
      .selectAll('v')
      .select(ownerColumns);
  }

  /** One page, newest first; `ownerId` narrows to one channel. Totals are kept, not counted. */
  async list(ownerId: string | undefined, page: PageQuery): Promise<{ rows: VideoListRow[]; total: number }> {
    const total =
      ownerId === undefined
        ? await rowCount(this.db, 'videos')
        : Number(
            (
              await this.db
                .selectFrom('videos')
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
        limit: window.limit,
        offset: window.offset,
      },
      { ownerId },
    );
    return { rows: window.fromEnd ? rows.reverse() : rows, total };
  }

  /** Whether the video exists (undefined if not) and how many comments it has. */
  async commentsCount(id: string): Promise<number | undefined> {
    const [row] = await commentsCountQuery(this.db, {}, { id });
    return row === undefined ? undefined : Number(row.comments_count);
  }

  async findWithOwner(id: string): Promise<VideoListRow | undefined> {
    return this.listQuery().where('v.id', '=', id).executeTakeFirst();
  }

  async find(id: string): Promise<VideoRow | undefined> {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<VideosTable>): Promise<void> {
    await this.db.insertInto('videos').values(row).execute();
  }

  async update(
    id: string,
    patch: Partial<Pick<VideoRow, 'title' | 'description' | 'thumbnail' | 'updated_at'>>,
  ) {
    await this.db.updateTable('videos').set(patch).where('id', '=', id).execute();
  }

  /** Deletes the row; comments, likes and history entries go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('videos').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
