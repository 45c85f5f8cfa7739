import {
  Migrator,
  sql,
  type DialectAdapter,
  type Kysely,
  type Migration,
  type MigrationResultSet,
  type QueryExecutor,
  type Transaction,
} from 'kysely';
import type { Db, Dialect } from './database.ts';
import * as m0001 from './migrations/0001-contact-messages.ts';
import * as m0002 from './migrations/0002-accounts.ts';
import * as m0003 from './migrations/0003-channels.ts';
import * as m0004 from './migrations/0004-social.ts';
import * as m0005 from './migrations/0005-counters.ts';
import * as m0006 from './migrations/0006-media-references.ts';
import * as m0007 from './migrations/0007-uploads.ts';
import * as m0008 from './migrations/0008-video-search.ts';
import * as m0009 from './migrations/0009-renditions.ts';
import * as m0010 from './migrations/0010-server-secrets.ts';
import * as m0011 from './migrations/0011-media-writes.ts';
import * as m0012 from './migrations/0012-video-media-summary.ts';
import * as m0013 from './migrations/0013-word-search.ts';
import * as m0014 from './migrations/0014-disabled-accounts.ts';
import * as m0015 from './migrations/0015-courses.ts';
import * as m0016 from './migrations/0016-progress.ts';
import * as m0017 from './migrations/0017-course-cover-and-search.ts';
import * as m0018 from './migrations/0018-course-lesson-summary.ts';
import * as m0019 from './migrations/0019-captions.ts';
import * as m0020 from './migrations/0020-practice.ts';
import * as m0021 from './migrations/0021-course-summary-locks.ts';

/** What a migration may need to know about the database it runs on. */
export interface MigrationContext {
  dialect: Dialect;
  /** The column type for a point in time: timestamptz on PostgreSQL; ISO-8601 text on SQLite, which has no time type. */
  timestamp: 'timestamptz' | 'text';
}

type MigrationModule = {
  up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
  down?(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
};

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
const migrations: Record<string, MigrationModule> = {
  '0001-contact-messages': m0001,
  '0002-accounts': m0002,
  '0003-channels': m0003,
  '0004-social': m0004,
  '0005-counters': m0005,
  '0006-media-references': m0006,
  '0007-uploads': m0007,
  '0008-video-search': m0008,
  '0009-renditions': m0009,
  '0010-server-secrets': m0010,
  '0011-media-writes': m0011,
  '0012-video-media-summary': m0012,
  '0013-word-search': m0013,
  '0014-disabled-accounts': m0014,
  '0015-courses': m0015,
  '0016-progress': m0016,
  '0017-course-cover-and-search': m0017,
  '0018-course-lesson-summary': m0018,
  '0019-captions': m0019,
  '0020-practice': m0020,
  '0021-course-summary-locks': m0021,
};

/** Names the transaction-level advisory lock that migrations hold on PostgreSQL (any constant). */
const MIGRATION_LOCK = 20_2600_0010;

/**
 * Brings the database to the latest schema. N instances starting at once migrate once
 * (docs/deploy.md, "Migrations"): on PostgreSQL every pending migration runs in one transaction
 * that first takes a transaction-level advisory lock, so the others wait, then find nothing left
 * to do. The lock is transaction-level, not Kysely's own session lock, because behind PgBouncer
 * in transaction mode a session lock and its unlock may land on different server connections.
 * On SQLite one process owns the file, and Kysely's migrator is enough.
 */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  return checked(await underLock(db, (migrator) => migrator.migrateToLatest()));
}

/** Migrates up or down to the named migration; for tests of a migration's effect on existing rows. */
export async function migrateTo(db: Db, name: string): Promise<MigrationResultSet> {
  return checked(await underLock(db, (migrator) => migrator.migrateTo(name)));
}

/** Carries a failed run's results out of the transaction that it rolls back. */
class RolledBack extends Error {
  constructor(readonly result: MigrationResultSet) {
    super('a migration failed, and the transaction was rolled back');
  }
}

async function underLock(
  db: Db,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  if (db.dialect !== 'postgres') return run(migratorFor(db, db.kysely));
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const taken = await sql<{ id: string }>`
        select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)}), txid_current()::text as id`.execute(trx);
      const result = await run(migratorFor(db, migratorView(trx), { disableTransactions: true }));
      if (result.error) throw new RolledBack(result);
      // A migration that sent a COMMIT of its own would have released the lock there, and the
      // ones after it would have run unlocked, beside another instance: fail loudly instead.
      const now = await sql<{ id: string }>`select txid_current()::text as id`.execute(trx);
      if (now.rows[0]?.id !== taken.rows[0]?.id) {
        throw new Error('a migration ended the transaction that holds the migration lock');
      }
      return result;
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.result;
    throw err;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations create it
type AnyKysely = Kysely<any>;

/**
 * Kysely's migrator, given the one transaction that holds the migration lock. The migrator runs
 * the migrations on a connection it asks its database for; here that connection is the
 * transaction itself, so each migration is handed a Transaction: it sees `isTransaction`, and a
 * `db.transaction()` of its own throws. Handed instead a plain connection on which a raw BEGIN had
 * opened the transaction, migration 0005, which opens one itself when not given one (on SQLite
 * migrations run outside any), sent a second BEGIN, ignored ("there is already a transaction in
 * progress"), then a COMMIT that ended the outer transaction and released the lock. Migrations
 * 0006 onwards then ran unlocked, each statement committed alone, and behind PgBouncer another
 * instance lent that same server connection (where Kysely's session lock was already held, so
 * granted again at once) ran them at the same time ("column video_bytes already exists").
 *
 * Kysely's own lock is left out: the advisory lock already orders the instances, and its session
 * lock outlives a failed run, because its unlock fails in the aborted transaction: PgBouncer keeps
 * that server connection open, with the lock held for the next run elsewhere to wait on, and the
 * unlock's error ("current transaction is aborted") replaces the migration's own.
 */
function migratorView<DB>(trx: Transaction<DB>): AnyKysely {
  const executor = trx.getExecutor();
  const adapter: DialectAdapter = Object.create(executor.adapter, {
    acquireMigrationLock: { value: () => Promise.resolve() },
    releaseMigrationLock: { value: () => Promise.resolve() },
  });
  return withMembers(trx, {
    connection: () => ({ execute: <T>(work: (db: AnyKysely) => Promise<T>) => work(trx) }),
    getExecutor: () => withMembers<QueryExecutor>(executor, { adapter }),
  }) as AnyKysely;
}

/**
 * `target` with some members replaced. Kysely's classes keep their state in private fields, so
 * every other method is called on the real object.
 */
function withMembers<T extends object>(target: T, replaced: Record<string, unknown>): T {
  return new Proxy(target, {
    get(object, key) {
      if (typeof key === 'string' && Object.hasOwn(replaced, key)) return replaced[key];
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

function migratorFor(
  db: Db,
  kysely: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any schema: migrations create it
  options: { disableTransactions?: boolean } = {},
): Migrator {
  const ctx: MigrationContext = {
    dialect: db.dialect,
    timestamp: db.dialect === 'postgres' ? 'timestamptz' : 'text',
  };
  const bound: Record<string, Migration> = {};
  for (const [name, mod] of Object.entries(migrations)) {
    const down = mod.down;
    bound[name] = {
      up: (k) => mod.up(k, ctx),
      ...(down ? { down: (k: Kysely<unknown>) => down(k, ctx) } : {}),
    };
  }
  return new Migrator({
    db: kysely,
    provider: { getMigrations: () => Promise.resolve(bound) },
    ...options,
  });
}

function checked(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
