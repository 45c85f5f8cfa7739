import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Every column that holds a media key. A new one is added here, and both questions below keep
 * the truth; migrations 0006, 0009, 0017 and 0019 index these for `referenced`.
 */
const MEDIA_COLUMNS = [
  ['users', 'avatar'],
  ['users', 'cover_image'],
  ['videos', 'video_file'],
  ['videos', 'thumbnail'],
  ['video_renditions', 'file'],
  ['courses', 'cover'],
  ['video_captions', 'file'],
] as const;

/** Which stored files the rows name. */
export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The keys among `keys` that some row still names. */
  async referenced(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    return this.keysNamed(keys);
  }

  /** Every key that any row names: what a sweep keeps. */
  async allReferenced(): Promise<Set<string>> {
    return this.keysNamed();
  }

  /** The keys the media columns hold, among `among` when given. */
  private async keysNamed(among?: string[]): Promise<Set<string>> {
    const selects = MEDIA_COLUMNS.map(([table, column]) => {
      const where = among ? sql` where ${sql.ref(column)} in (${sql.join(among)})` : sql``;
      return sql`select ${sql.ref(column)} as key from ${sql.table(table)}${where}`;
    });
    const rows = await sql<{ key: string | null }>`${sql.join(selects, sql` union all `)}`.execute(this.db);
    return new Set(rows.rows.map((r) => r.key).filter((k): k is string => k !== null));
  }
}
