import type { Kysely } from 'kysely';
import type { PageQuery } from '../../shared/contracts/pagination.ts';
import { reusableQuery } from '../db/reusable.ts';
import type { Database, RowCountsTable } from '../db/schema.ts';

/** How to read one page of an ordered list whose length is known. */
export interface PageWindow {
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
export async function rowCount(db: Kysely<Database>, table: RowCountsTable['table_name']): Promise<number> {
  const [row] = await rowCountQuery(db, {}, { table });
  return Number(row?.n ?? 0);
}
