import type { Kysely } from 'kysely';

/**
 * Indexes on every column that names a stored media file, so that "does any row still use this
 * file?" (asked before a file is deleted, docs/api.md "Media") is a lookup, not a scan.
 */
const MEDIA_COLUMNS = [
  ['users', 'avatar'],
  ['users', 'cover_image'],
  ['videos', 'video_file'],
  ['videos', 'thumbnail'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of MEDIA_COLUMNS) {
    await db.schema.createIndex(`${table}_${column}_media_idx`).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of MEDIA_COLUMNS) {
    await db.schema.dropIndex(`${table}_${column}_media_idx`).execute();
  }
}
