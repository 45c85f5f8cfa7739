import type { AliasedRawBuilder, Kysely } from 'kysely';
import type { PageQuery } from '../../shared/contracts/pagination.ts';
import { reusableQuery } from '../db/reusable.ts';
import type { Database, RowCountsTable } from '../db/schema.ts';
import { likedColumn, ownerColumns, type LikeTable } from './users/owner-columns.ts';

/** How to read one page of an ordered list whose length is known. */
interface PageWindow {
  offset: number;
  limit: number;
  /** Read from the oldest end (ascending) and put the rows back in newest-first order. */
  fromEnd: boolean;
}

/**
 * OFFSET walks every index entry it skips, so a page near the end of a 10,000-row list would
 * step over 9,990 of them. Knowing the total, such a page is read from the other end instead:
 * no page skips more than half the list. Undefined when the page lies past the end.
 */
export function pageWindow({ page, limit }: PageQuery, total: number): PageWindow | undefined {
  const offset = (page - 1) * limit;
  if (offset >= total) return undefined;
  const end = Math.min(total, offset + limit);
  if (offset <= total - end) return { offset, limit, fromEnd: false };
  return { offset: total - end, limit: end - offset, fromEnd: true };
}

const rowCountQuery = reusableQuery(
  (db: Kysely<Database>, _shape: Record<string, never>, v: { table: RowCountsTable['table_name'] }) =>
    db.selectFrom('row_counts').select('n').where('table_name', '=', v.table),
);

/** The exact row count of a big table, kept by triggers (migration 0005) so lists never count. */
async function rowCount(db: Kysely<Database>, table: RowCountsTable['table_name']): Promise<number> {
  const [row] = await rowCountQuery(db, {}, { table });
  return Number(row?.n ?? 0);
}

const ownerCountQuery = reusableQuery(
  (db: Kysely<Database>, shape: { table: RowCountsTable['table_name'] }, v: { ownerId: string }) =>
    db
      .selectFrom(shape.table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', v.ownerId),
);

/** How many rows a list has: the kept total of the whole table, or one owner's rows counted. */
export async function listTotal(
  db: Kysely<Database>,
  table: RowCountsTable['table_name'],
  ownerId: string | undefined,
): Promise<number> {
  if (ownerId === undefined) return rowCount(db, table);
  const [row] = await ownerCountQuery(db, { table }, { ownerId });
  return Number(row?.n ?? 0);
}

/** A list of rows that each have an owner (`users`), newest first by (created_at, id). */
interface OwnedList {
  table: 'videos' | 'comments' | 'tweets';
  /** The column a list may be narrowed by (the owner's channel, or the video of comments). */
  narrowedBy: 'owner_id' | 'video_id';
  /** Where the viewer's likes of these rows are, if the list says whether the viewer likes each. */
  likes?: LikeTable;
  /**
   * Columns of each row that depend on who is asking (for videos, the viewer's best practice
   * score and their place in it), read in the same statement so that a page stays one; given the
   * row's id column and the viewer (undefined: signed out).
   */
  viewerColumns?: (
    idRef: string,
    viewerId: string | undefined,
  ) => ReadonlyArray<AliasedRawBuilder<unknown, string>>;
  /**
   * The row's own columns the caller reads (all of them when not given). Every column read is a
   * value the driver turns into a JavaScript one on each row of each page, whether used or not.
   */
  rowColumns?: readonly string[];
}

/**
 * Reads one page of an owned list, each row joined to its owner (and, with `likes`, whether the
 * viewer likes it). The first page reads the list's (narrowed-by,) created_at, id index in order
 * and joins each row, stopping at the limit. A later page first takes its ids from that index
 * alone, stepping over the earlier entries without reading their rows, and only then reads and
 * joins the page's own rows: OFFSET over a join would join every row it skips. CROSS JOIN pins
 * that order on SQLite whatever its estimates (given a LIMIT it could not see, it chose to scan
 * the whole table against the page); PostgreSQL plans it as an ordinary join, and plans the
 * first-page form in half the time. Pages past the middle are read from the other end
 * (pageWindow), so that none steps over more than half the list.
 *
 * `Row` is the caller's: the table is a parameter here, which Kysely's types cannot follow.
 */
export function ownedListReader<Row>(list: OwnedList) {
  /** A row of the list joined to its owner, and whether the viewer likes it (with `likes`). */
  const columns = (viewerId: string | undefined) => [
    ...ownerColumns,
    ...(list.likes ? [likedColumn(list.likes, 'r.id', viewerId)] : []),
    ...(list.viewerColumns ? list.viewerColumns('r.id', viewerId) : []),
  ];
  const rowColumns = list.rowColumns?.map((c) => `r.${c}`);
  const withOwner = (typed: Kysely<Database>, viewerId: string | undefined) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see `Row` above
    const from = (typed as unknown as Kysely<any>)
      .selectFrom(`${list.table} as r`)
      .innerJoin('users as o', 'o.id', 'r.owner_id');
    return (rowColumns ? from.select(rowColumns) : from.selectAll('r')).select(columns(viewerId));
  };

  const query = reusableQuery(
    (
      typed: Kysely<Database>,
      shape: { order: 'asc' | 'desc'; narrowed: boolean; viewer: boolean; limit: number; offset: number },
      v: { narrowTo: string | undefined; viewerId: string | undefined },
    ) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see `Row` above
      const db = typed as unknown as Kysely<any>;
      const viewerId = shape.viewer ? v.viewerId : undefined;
      if (shape.offset === 0) {
        let first = withOwner(typed, viewerId);
        if (shape.narrowed) first = first.where(`r.${list.narrowedBy}`, '=', v.narrowTo);
        return first.orderBy('r.created_at', shape.order).orderBy('r.id', shape.order).limit(shape.limit);
      }
      let ids = db.selectFrom(list.table).select('id');
      if (shape.narrowed) ids = ids.where(list.narrowedBy, '=', v.narrowTo);
      return db
        .selectFrom(
          ids
            .orderBy('created_at', shape.order)
            .orderBy('id', shape.order)
            .limit(shape.limit)
            .offset(shape.offset)
            .as('p'),
        )
        .crossJoin(`${list.table} as r`)
        .crossJoin('users as o')
        .whereRef('r.id', '=', 'p.id')
        .whereRef('o.id', '=', 'r.owner_id')
        .$call((q) => (rowColumns ? q.select(rowColumns) : q.selectAll('r')))
        .select(columns(viewerId))
        .orderBy('r.created_at', shape.order)
        .orderBy('r.id', shape.order);
    },
  );

  const one = reusableQuery(
    (typed: Kysely<Database>, shape: { viewer: boolean }, v: { id: string; viewerId: string | undefined }) =>
      withOwner(typed, shape.viewer ? v.viewerId : undefined).where('r.id', '=', v.id),
  );

  /** Rows by id, joined as the list's rows are, in the order of `ids` (missing ones left out). */
  const byIds = async (db: Kysely<Database>, ids: string[], viewerId?: string): Promise<Row[]> => {
    if (ids.length === 0) return [];
    const rows = (await withOwner(db, viewerId).where('r.id', 'in', ids).execute()) as unknown as Array<
      Row & { id: string }
    >;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is Row & { id: string } => r !== undefined);
  };

  /** One row by id, joined as the list's rows are; undefined if there is none. */
  const byId = async (db: Kysely<Database>, id: string, viewerId?: string): Promise<Row | undefined> => {
    const [row] = (await one(db, { viewer: viewerId !== undefined }, { id, viewerId })) as Row[];
    return row;
  };

  const readPage = async (
    db: Kysely<Database>,
    page: PageQuery,
    total: number,
    { narrowTo, viewerId }: { narrowTo?: string | undefined; viewerId?: string | undefined },
  ): Promise<Row[]> => {
    const window = pageWindow(page, total);
    if (!window) return [];
    const rows = (await query(
      db,
      {
        order: window.fromEnd ? 'asc' : 'desc',
        narrowed: narrowTo !== undefined,
        viewer: viewerId !== undefined,
        limit: window.limit,
        offset: window.offset,
      },
      { narrowTo, viewerId },
    )) as Row[];
    return window.fromEnd ? rows.reverse() : rows;
  };
  return { page: readPage, byId, byIds };
}
