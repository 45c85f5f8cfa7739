import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type KyselyConfig } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Dialect = DatabaseConfig['kind'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const PG_TIMESTAMPTZ_OID = 1184;
const PG_INT8_OID = 20;

export interface OpenOptions {
  /** Called with every statement run, for tools that study queries (scripts/query-plans.ts). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Db {
  const log = options.onQuery;
  const kyselyConfig = log
    ? {
        log: (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
          if (event.level === 'query') log(event.query.sql, event.query.parameters);
        },
      }
    : {};
  const kysely =
    config.kind === 'sqlite'
      ? openSqlite(config.file, kyselyConfig)
      : openPostgres(config.connectionString, kyselyConfig);
  return {
    kysely,
    dialect: config.kind,
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async close() {
      await kysely.destroy();
    },
  };
}

type LogConfig = Pick<KyselyConfig, 'log'>;

function openSqlite(file: string, extra: LogConfig): Kysely<Database> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers go on while a write commits; NORMAL sync is durable across a process crash
  // in WAL mode and much faster on the cheap SD-card storage a school server may have.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }), ...extra });
}

function openPostgres(connectionString: string, extra: LogConfig): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Same string shapes as SQLite: ISO times and counts as numbers (counts here stay far below 2^53).
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        if (oid === PG_TIMESTAMPTZ_OID) return (v: string) => new Date(v).toISOString();
        if (oid === PG_INT8_OID) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      },
    },
  });
  // An idle connection that the server drops (a restart, a failover) must not end the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (err) => {
    process.stderr.write(`PostgreSQL connection lost while idle (it will be replaced): ${err.message}\n`);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...extra });
}
