import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Resumable uploads in progress (tus): who made each, how long it will be, and when it expires.
 * The bytes live in DATA_DIR/uploads, beside tus's own metadata file; this row is what decides
 * who may reach an upload and what a cleanup removes (docs/api.md, "Resumable uploads").
 */
export async function up(db: Kysely<unknown>, { timestamp, dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Up to MAX_VIDEO_BYTES, which may pass 2 GiB: bigint on PostgreSQL (SQLite's integer is 64-bit).
    .addColumn('length', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('filetype', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    // Set when POST /videos takes the finished upload: it can make one video, once.
    .addColumn('claimed_at', timestamp)
    .execute();
  await db.schema.createIndex('uploads_owner_idx').on('uploads').column('owner_id').execute();
  await db.schema.createIndex('uploads_expires_idx').on('uploads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
