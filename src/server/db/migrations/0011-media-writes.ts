import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * The journal of media files being written (docs/api.md, "The media invariants"): a row per file
 * an instance is publishing whose row has not committed yet, and a lease per instance that it
 * renews while it lives. After a crash, its next start (or, once its lease has run out, any
 * other instance) removes exactly the files its rows name that nothing else names, at once,
 * rather than after the sweep's grace period.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('media_writes')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_writes_instance_idx').on('media_writes').column('instance_id').execute();
  await db.schema
    .createTable('instance_leases')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('lease_until', timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_writes').execute();
  await db.schema.dropTable('instance_leases').execute();
}
