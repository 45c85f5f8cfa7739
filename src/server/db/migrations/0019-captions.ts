import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Caption tracks (docs/api.md, "Captions and chapters"):
 * - `video_captions`: one WebVTT file per video and language (a unique pair), going with its
 *   video (a foreign key that cascades); `file` is a media key like every media column, indexed
 *   so that "does any row still name this file?" is a lookup (as migrations 0006, 0009 and 0017);
 * - `videos.caption_summary`: the video's tracks as JSON, sorted by language, written in the
 *   transaction that changes them (captions.repository.ts), so that a page of videos stays one
 *   indexed read, as `rendition_summary` keeps it for renditions (migration 0012).
 *
 * No video has captions before this migration, so the summary's default, an empty list, is every
 * existing row's true value: nothing to back-fill. Adding a column with a constant default writes
 * no row on either database, so this takes the same time on ten videos as on a million.
 */
export async function up(db: Kysely<unknown>, { timestamp, dialect }: MigrationContext): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('video_captions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('bytes', bigint, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('video_captions_video_language_unique', ['video_id', 'language'])
    .execute();
  await db.schema.createIndex('video_captions_file_media_idx').on('video_captions').column('file').execute();
  await db.schema
    .alterTable('videos')
    .addColumn('caption_summary', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('caption_summary').execute();
  await db.schema.dropTable('video_captions').execute();
}
