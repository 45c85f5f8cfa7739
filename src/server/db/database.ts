import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  LimitNode,
  OffsetNode,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteDialect,
  ValueNode,
  sql,
  type KyselyConfig,
  type KyselyPlugin,
  type OperationNode,
  type QueryId,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Dialect = DatabaseConfig['kind'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Runs `work` unless another instance is running the job of the same name right now; resolves
   * true when it ran, false when it was skipped. For housekeeping that N instances all schedule
   * (docs/deploy.md, "Periodic jobs").
   */
  exclusive(name: string, work: () => Promise<unknown>): Promise<boolean>;
  /**
   * A token that changes whenever anything written to the database becomes visible, and repeats
   * only while nothing has: two reads that get the same token see the same data. Read it before
   * a read whose answer is kept against it (plugins/answer-cache.ts).
   */
  readState(): Promise<string>;
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
  const { kysely, readState } =
    config.kind === 'sqlite'
      ? openSqlite(config.file, kyselyConfig, log)
      : openPostgres(config.connectionString, kyselyConfig, config.preparedStatements ?? false);
  return {
    kysely,
    dialect: config.kind,
    readState,
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async exclusive(name, work) {
      // SQLite: one process owns the database file, and schedulePeriodic already never runs
      // two of one task at once.
      if (config.kind === 'sqlite') {
        await work();
        return true;
      }
      // A transaction-level advisory lock, held by a transaction open while the job runs: it is
      // released when that transaction ends, even if this process dies, and it keeps no state
      // on a connection between statements, so it works behind PgBouncer in transaction mode.
      return kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ got: boolean }>`
          select pg_try_advisory_xact_lock(${JOB_LOCKS}, ${lockNumber(name)}) as got`.execute(trx);
        if (!rows[0]?.got) return false;
        await work();
        return true;
      });
    },
    async close() {
      await kysely.destroy();
    },
  };
}

/** The first half of every job's advisory lock key: EduPortal's jobs, apart from other locks. */
const JOB_LOCKS = 0x45445530;

/** A stable 32-bit number for a job's name (FNV-1a), the second half of its lock key. */
function lockNumber(name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of Buffer.from(name, 'utf8')) {
    hash ^= ch;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

type LogConfig = Pick<KyselyConfig, 'log'>;

interface Opened {
  kysely: Kysely<Database>;
  readState: () => Promise<string>;
}

/**
 * SQLite's state: `data_version` changes when another connection (another process, a backup, the
 * admin command) commits, and `total_changes()` counts every row this connection has inserted,
 * changed or deleted, triggers' included. Together they move on every write; a write rolled
 * back moves them too, which only costs a kept answer. Read straight from better-sqlite3 so
 * that it costs one small statement and no trip through Kysely's compiler.
 */
const SQLITE_STATE = 'select total_changes(), (select data_version from pragma_data_version)';

/**
 * PostgreSQL's state: the current snapshot (its xmin, xmax and the transactions in progress).
 * Only a transaction that writes takes a transaction id, so reads leave it as it is; a commit
 * takes one out of the in-progress list or moves xmax on, and neither ever goes back, so a
 * snapshot's text is never seen again once anything has been committed after it. Ids are the
 * cluster's, so a write to another database of the same server moves it too (a wasted kept
 * answer, never a wrong one).
 */
const PG_STATE = 'select pg_current_snapshot()::text as state';

function openSqlite(file: string, extra: LogConfig, log?: OpenOptions['onQuery']): Opened {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers go on while a write commits; NORMAL sync is durable across a process crash
  // in WAL mode and much faster on the cheap SD-card storage a school server may have.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const state = database.prepare(SQLITE_STATE).raw(true);
  return {
    kysely: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
      plugins: [inlineLimits],
      ...extra,
    }),
    readState: () => {
      log?.(SQLITE_STATE, []);
      return Promise.resolve((state.get() as unknown[]).join(' '));
    },
  };
}

/**
 * SQLite (3.51 here) reads a bound LIMIT or OFFSET while planning, and so marks the statement
 * to be parsed and planned again whenever a new value is bound to it: every run of a paged list
 * query was compiled afresh (perf: 11% of the server's CPU on the deep comment page). Written
 * into the SQL as numbers, they leave the statement reusable from the statement cache, one per
 * page size and position, and the planner still sees the real values.
 */
class LimitsInliner extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    return LimitNode.create(inlineInteger(this.transformNode(node.limit, queryId)));
  }

  protected override transformOffset(node: OffsetNode, queryId?: QueryId): OffsetNode {
    return OffsetNode.create(inlineInteger(this.transformNode(node.offset, queryId)));
  }
}

/** Only whole numbers are written into the text; anything else stays a bound parameter. */
function inlineInteger(node: OperationNode): OperationNode {
  return ValueNode.is(node) && !node.immediate && Number.isSafeInteger(node.value)
    ? ValueNode.createImmediate(node.value)
    : node;
}

const limitsInliner = new LimitsInliner();
const inlineLimits: KyselyPlugin = {
  transformQuery: ({ node, queryId }) => limitsInliner.transformNode(node, queryId),
  transformResult: ({ result }) => Promise.resolve(result),
};

/**
 * Distinct SQL texts kept compiled: the server's few dozen query shapes, times the page sizes and
 * positions in use (LIMIT and OFFSET are part of the text, see LimitsInliner).
 */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement it runs, and compiling the SQL text costs more than running
 * a small indexed query. The server sends the same few shapes over and over with different
 * parameters, so compiled statements are kept and reused, least recently used dropped first.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(text) {
      const cached = cache.get(text);
      // A statement still being iterated (a streamed query) cannot run again until it finishes.
      if (cached && !cached.busy) {
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = new Statement(database.prepare(text));
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

/**
 * A prepared statement whose rows are built in JavaScript from better-sqlite3's arrays. Its own
 * row objects get each column set by name through V8's slow generic path: reading the first
 * page of videos took 88 µs that way and 55 µs as arrays turned into the same plain objects by
 * an object literal compiled once per statement (micro-benchmark, median of 3,000).
 */
class Statement implements SqliteStatement {
  private toRow: ((values: unknown[]) => unknown) | undefined;

  constructor(private readonly statement: SQLite.Statement) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  get busy(): boolean {
    return this.statement.busy;
  }

  all(parameters: readonly unknown[]): unknown[] {
    if (!this.statement.reader) return this.statement.all(parameters);
    const rows = this.statement.raw(true).all(parameters) as unknown[][];
    this.toRow ??= rowBuilder(this.statement.columns().map((c) => c.name));
    return rows.map(this.toRow);
  }

  run(parameters: readonly unknown[]) {
    return this.statement.run(parameters);
  }

  iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    return this.statement.raw(false).iterate(parameters);
  }
}

/** A function from a row's values to the object better-sqlite3 would have made of them. */
function rowBuilder(names: string[]): (values: unknown[]) => unknown {
  // A literal "__proto__" key would set the prototype instead; such a column gets the slow way.
  if (names.includes('__proto__')) {
    return (values) => Object.fromEntries(names.map((name, i) => [name, values[i]]));
  }
  // Keys are JSON string literals, so no column name can break out of the generated code; a
  // repeated name keeps its last value, as with better-sqlite3's own objects.
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as (values: unknown[]) => unknown;
}

/** A short stable name for a statement's text: the same text gets the same name on every connection. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size > 2000) statementNames.clear();
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A connection that sends every statement with parameters as a named prepared statement, so that
 * PostgreSQL parses and plans it once per connection instead of on every run (planning was 0.44
 * of the 1 ms of database time a list read cost: docs/deploy.md, "PgBouncer"). Named statements
 * live on a server connection, so this is only for a direct connection, or a PgBouncer of 1.21 or
 * later with max_prepared_statements set: DATABASE_PREPARED_STATEMENTS.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      return super.query({ name: statementName(config), text: config, values }) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

function openPostgres(connectionString: string, extra: LogConfig, prepared: boolean): Opened {
  const pool = new pg.Pool({
    connectionString,
    ...(prepared ? { Client: PreparingClient } : {}),
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
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...extra });
  const stateQuery = sql<{ state: string }>`${sql.raw(PG_STATE)}`;
  return {
    kysely,
    readState: async () => (await stateQuery.execute(kysely)).rows[0]!.state,
  };
}
