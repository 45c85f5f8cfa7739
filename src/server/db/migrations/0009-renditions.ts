import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Video for weak links (docs/api.md, "Renditions"):
 * - what the original costs (bytes, type, height), so that every answer can show it beside the
 *   small copies; older rows get these filled at the next start;
 * - `video_renditions`: the small copies made from a video, with their exact sizes;
 * - `jobs`: background work (making renditions) claimed with a lease, so that a worker that
 *   dies gives its job back, and several processes can share the table safely.
 */
export async function up(db: Kysely<unknown>, { timestamp, dialect }: MigrationContext): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('videos').addColumn('video_bytes', bigint).execute();
  await db.schema.alterTable('videos').addColumn('video_mime', 'text').execute();
  await db.schema.alterTable('videos').addColumn('video_height', 'integer').execute();

  await db.schema
    .createTable('video_renditions')
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('quality', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('bytes', bigint, (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('height', 'integer')
    .addColumn('bitrate', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('video_renditions_pk', ['video_id', 'quality'])
    .execute();
  // "Does any row still name this file?" before a file is deleted (as migration 0006 does).
  await db.schema
    .createIndex('video_renditions_file_media_idx')
    .on('video_renditions')
    .column('file')
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the job works on (a video's id); one job per kind and subject.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', timestamp, (c) => c.notNull())
    .addColumn('lease_until', timestamp)
    .addColumn('worker', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('jobs_kind_subject_unique', ['kind', 'subject'])
    .execute();
  // The claim looks for due work of one kind: queued and due, or running with an expired lease.
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['kind', 'state', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('video_renditions').execute();
  await db.schema.alterTable('videos').dropColumn('video_height').execute();
  await db.schema.alterTable('videos').dropColumn('video_mime').execute();
  await db.schema.alterTable('videos').dropColumn('video_bytes').execute();
}
