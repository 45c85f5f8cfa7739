import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/**
 * `npm run migrate`: brings the configured database to the latest schema and exits, so that a
 * deploy can migrate once as its own step and start every instance with MIGRATE_AT_START=false
 * (docs/deploy.md, "Migrations"). It takes the same lock as a start does.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    const { results } = await migrateToLatest(db);
    if (!results?.length) process.stdout.write('The database is up to date.\n');
    for (const r of results ?? []) process.stdout.write(`migration ${r.migrationName}: ${r.status}\n`);
  } finally {
    await db.close();
  }
}

migrate().catch((err: unknown) => {
  process.stderr.write(
    err instanceof ConfigError
      ? `${err.message}\n`
      : `Migration failed: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(err instanceof ConfigError ? 78 : 1);
});
