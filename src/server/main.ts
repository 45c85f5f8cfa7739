import fs from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { LocalDiskStorage } from './storage/local-disk.ts';

/** Longest a shutdown may take before the process gives up on in-flight work and exits. */
const SHUTDOWN_GRACE_MS = 4000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`EduPortal cannot start.\n${err.message}\nSee .env.example for every setting.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

export async function main(): Promise<void> {
  const config = readConfig();
  fs.mkdirSync(config.mediaDir, { recursive: true });
  // Uploads that a crash interrupted are never finished: drop them.
  await new LocalDiskStorage(config.mediaDir).clearTemp();

  const db = openDatabase(config.database);
  try {
    const { results } = await migrateToLatest(db);
    for (const r of results ?? []) process.stdout.write(`migration ${r.migrationName}: ${r.status}\n`);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }

  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop taking requests and finish the ones in flight, then close the database so that
    // SQLite checkpoints its WAL and PostgreSQL's connections end cleanly.
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ host: config.host, port: config.port });
  const dbLabel = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info(
    `EduPortal is serving http://${shownHost}:${config.port} (database: ${dbLabel}, data: ${config.dataDir})`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`EduPortal failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
