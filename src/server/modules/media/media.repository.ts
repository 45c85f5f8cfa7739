import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Which stored files the rows name. Every column that holds a media key is listed here, so a
 * new one (renditions, say) is added in one place and both questions below keep the truth.
 */
export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The keys among `keys` that some row still names. */
  async referenced(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await sql<{ key: string | null }>`
      select avatar as key from users where avatar in (${sql.join(keys)})
      union all select cover_image from users where cover_image in (${sql.join(keys)})
      union all select video_file from videos where video_file in (${sql.join(keys)})
      union all select thumbnail from videos where thumbnail in (${sql.join(keys)})`.execute(this.db);
    return new Set(rows.rows.map((r) => r.key).filter((k): k is string => k !== null));
  }

  /** Every key that any row names: what a sweep keeps. */
  async allReferenced(): Promise<Set<string>> {
    const rows = await sql<{ key: string | null }>`
      select avatar as key from users
      union all select cover_image from users
      union all select video_file from videos
      union all select thumbnail from videos`.execute(this.db);
    return new Set(rows.rows.map((r) => r.key).filter((k): k is string => k !== null));
  }
}
