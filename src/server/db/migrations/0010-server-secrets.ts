import type { Kysely } from 'kysely';

/**
 * Secrets every instance of one deployment must share, made once by whichever instance starts
 * first (docs/deploy.md): the key that signs access tokens, when SESSION_SECRET is not set. A
 * school box keeps its key in DATA_DIR as before; on PostgreSQL, where several app instances
 * share the database but no folder, it lives here, so a session made on one instance works on
 * every other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
