import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Where each student is in each video: one row per student and video, replaced only by an entry
 * the student's device made later (`at`), so positions from several devices settle on the newest.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('video_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position', 'real', (c) => c.notNull())
    // 1 or 0 on both databases; once 1 it stays 1.
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('video_progress_pk', ['user_id', 'video_id'])
    .execute();
  // A student's latest places, newest first ("Continue learning").
  await db.schema
    .createIndex('video_progress_user_at_idx')
    .on('video_progress')
    .columns(['user_id', 'at'])
    .execute();
  // A video's deletion finds its rows by this index.
  await db.schema.createIndex('video_progress_video_idx').on('video_progress').column('video_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_progress').execute();
}
