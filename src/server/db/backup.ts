import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

/** The database's file inside a backup folder, by dialect. */
export const BACKUP_FILES = { sqlite: 'eduportal.sqlite', postgres: 'database.pgdump' } as const;

/** What a snapshot's reader is given: the database as it was at the snapshot, read-only. */
export type SnapshotReader<T> = (snapshot: Kysely<Database>) => Promise<T>;

/**
 * Copies the database into `folder` while the server keeps writing, as of one moment, and runs
 * `read` on that same moment's data (the backup reads which media files its rows name there).
 *
 * SQLite: the online backup API (better-sqlite3's `backup`) in one step, so the copy is one read
 * transaction's view (a step-by-step copy starts again whenever another process writes, and
 * under steady writes might never end); in WAL mode that read blocks no writer. `read` then runs
 * on the copy. PostgreSQL: a repeatable-read transaction exports its snapshot, `pg_dump` dumps
 * exactly that snapshot, and `read` runs inside the same transaction.
 */
export async function snapshotDatabase<T>(
  config: DatabaseConfig,
  folder: string,
  read: SnapshotReader<T>,
): Promise<{ file: string; read: T }> {
  if (config.kind === 'sqlite') {
    const file = path.join(folder, BACKUP_FILES.sqlite);
    fs.rmSync(file, { force: true });
    const source = new SQLite(config.file, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      await source.backup(file, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    const copy = openSqliteFile(file);
    try {
      const problems = copy.integrity();
      if (problems) throw new Error(`the copied database failed its integrity check: ${problems}`);
      return { file, read: await read(copy.kysely) };
    } finally {
      await copy.kysely.destroy();
    }
  }
  const file = path.join(folder, BACKUP_FILES.postgres);
  fs.rmSync(file, { force: true });
  const kysely = openPostgresKysely(config.connectionString);
  try {
    return await kysely.connection().execute(async (conn) => {
      await sql`begin isolation level repeatable read read only`.execute(conn);
      try {
        const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(conn);
        await runTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${rows[0]!.id}`, '--no-owner', '--no-privileges', `--file=${file}`],
          config.connectionString,
        );
        return { file, read: await read(conn) };
      } finally {
        await sql`rollback`.execute(conn);
      }
    });
  } finally {
    await kysely.destroy();
  }
}

/**
 * Whether the configured database holds no tables yet (a restore fills only an empty one). A
 * SQLite file that does not exist is empty.
 */
export async function databaseIsEmpty(config: DatabaseConfig): Promise<boolean> {
  if (config.kind === 'sqlite') {
    if (!fs.existsSync(config.file)) return true;
    const db = new SQLite(config.file, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as {
        n: number;
      };
      return row.n === 0;
    } finally {
      db.close();
    }
  }
  const kysely = openPostgresKysely(config.connectionString);
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`.execute(kysely);
    return rows[0]!.n === 0;
  } finally {
    await kysely.destroy();
  }
}

/** Fills the (empty) configured database from a backup's database file. */
export async function restoreDatabase(config: DatabaseConfig, backupFile: string): Promise<void> {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    // Copied beside the target and renamed: a restore cut short never leaves half a database.
    const partial = `${config.file}.restoring`;
    fs.copyFileSync(backupFile, partial);
    fs.renameSync(partial, config.file);
    return;
  }
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', backupFile],
    config.connectionString,
  );
}

/**
 * Checks a database through and through: SQLite's integrity and foreign-key checks; on
 * PostgreSQL, that every foreign key holds (pg_restore re-creates the constraints, which checks
 * them, so a count of rows that break one is a last look). Answers undefined when it is sound.
 */
export async function checkDatabase(config: DatabaseConfig): Promise<string | undefined> {
  if (config.kind === 'sqlite') {
    const opened = openSqliteFile(config.file);
    try {
      return opened.integrity();
    } finally {
      await opened.kysely.destroy();
    }
  }
  const kysely = openPostgresKysely(config.connectionString);
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_constraint where contype = 'f' and not convalidated`.execute(kysely);
    return rows[0]!.n === 0 ? undefined : `${rows[0]!.n} foreign key(s) not validated`;
  } finally {
    await kysely.destroy();
  }
}

/** The database's size on disk in bytes (SQLite: the file with its WAL). */
export async function databaseBytes(config: DatabaseConfig, kysely: Kysely<Database>): Promise<number> {
  if (config.kind === 'sqlite') {
    return ['', '-wal', '-shm'].reduce((sum, suffix) => {
      const stat = fs.statSync(`${config.file}${suffix}`, { throwIfNoEntry: false });
      return sum + (stat?.size ?? 0);
    }, 0);
  }
  const { rows } = await sql<{ n: number }>`select pg_database_size(current_database()) as n`.execute(kysely);
  return Number(rows[0]!.n);
}

function openSqliteFile(file: string): { kysely: Kysely<Database>; integrity(): string | undefined } {
  const database = new SQLite(file, { fileMustExist: true });
  return {
    kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    integrity() {
      const result = database.pragma('integrity_check', { simple: true });
      if (result !== 'ok') return String(result);
      const broken = database.pragma('foreign_key_check') as unknown[];
      return broken.length === 0 ? undefined : `${broken.length} row(s) break a foreign key`;
    },
  };
}

function openPostgresKysely(connectionString: string): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 1 }) }),
  });
}

/**
 * Runs pg_dump or pg_restore on the database of `connectionString`; rejects with the tool's own
 * first words when it fails. The password goes in the environment, not on a command line that
 * every user of the machine can read.
 */
function runTool(command: string, args: string[], connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${url.toString()}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `${command} was not found: install PostgreSQL's client tools (apt-get install postgresql-client)`
            : `${command} could not run: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed: ${stderr.trim().split('\n')[0] ?? `exit ${code}`}`));
    });
  });
}
