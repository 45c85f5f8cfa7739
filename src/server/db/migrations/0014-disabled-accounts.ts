import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * When an administrator turned an account off (`npm run admin -- disable`); null while it is on.
 * A disabled account keeps its rows and files (its videos still play), but cannot sign in.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
