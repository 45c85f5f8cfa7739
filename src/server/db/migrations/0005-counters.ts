import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Counts that list pages show on every row (likes of a video, comment or tweet; comments of a
 * video) and the totals of the two unfiltered lists, kept in columns instead of counted on each
 * read: a popular video's page used to count tens of thousands of index entries per request.
 *
 * Triggers keep them, so they stay exact whatever changes the rows: a like set, unset or
 * toggled, an insert that a unique constraint turns into nothing, and the cascades that follow
 * a deleted video, comment or user. They run inside the statement that changed the rows, so the
 * count commits or rolls back with it. The counted foreign keys (target_id, video_id) are never
 * updated by the application, so only inserts and deletes are counted.
 */
interface Counter {
  /** Names the triggers (and, on PostgreSQL, their functions). */
  name: string;
  /** The table whose rows are counted. */
  source: string;
  /**
   * The count is `target.column` on the row whose `key` equals the counted row's `via`: one of
   * its columns, or a quoted constant naming a row of row_counts.
   */
  target: string;
  column: string;
  key: string;
  via: string;
}

const PER_ROW: Counter[] = [
  {
    name: 'video_likes_count',
    source: 'video_likes',
    target: 'videos',
    column: 'likes_count',
    key: 'id',
    via: 'target_id',
  },
  {
    name: 'comment_likes_count',
    source: 'comment_likes',
    target: 'comments',
    column: 'likes_count',
    key: 'id',
    via: 'target_id',
  },
  {
    name: 'tweet_likes_count',
    source: 'tweet_likes',
    target: 'tweets',
    column: 'likes_count',
    key: 'id',
    via: 'target_id',
  },
  {
    name: 'video_comments_count',
    source: 'comments',
    target: 'videos',
    column: 'comments_count',
    key: 'id',
    via: 'video_id',
  },
];
/** Tables whose whole row count is kept in row_counts, under the table's name. */
const WHOLE_TABLE = ['videos', 'tweets'] as const;

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await atomically(db, async (trx) => {
    const run = (text: string) => sql.raw(text).execute(trx);
    for (const c of PER_ROW) {
      await trx.schema
        .alterTable(c.target)
        .addColumn(c.column, 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // UPDATE ... FROM reads the counted table once, grouped, on both databases.
      await run(`update ${c.target} set ${c.column} = d.n
        from (select ${c.via} as k, count(*) as n from ${c.source} group by ${c.via}) as d
        where ${c.target}.${c.key} = d.k`);
    }
    await trx.schema
      .createTable('row_counts')
      .addColumn('table_name', 'text', (col) => col.primaryKey())
      .addColumn('n', 'integer', (col) => col.notNull())
      .execute();
    for (const table of WHOLE_TABLE) {
      await run(`insert into row_counts (table_name, n) select '${table}', count(*) from ${table}`);
    }

    const counters = [
      ...PER_ROW,
      ...WHOLE_TABLE.map((table) => ({
        name: `${table}_row_count`,
        source: table,
        target: 'row_counts',
        column: 'n',
        key: 'table_name',
        via: `'${table}'`,
      })),
    ];
    for (const c of counters) {
      for (const statement of dialect === 'sqlite' ? sqliteTriggers(c) : postgresTriggers(c))
        await run(statement);
    }
  });
}

export async function down(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await atomically(db, async (trx) => {
    const run = (text: string) => sql.raw(text).execute(trx);
    const names = [...PER_ROW.map((c) => c.name), ...WHOLE_TABLE.map((t) => `${t}_row_count`)];
    for (const name of names) {
      for (const op of ['insert', 'delete']) {
        if (dialect === 'sqlite') await run(`drop trigger if exists ${name}_${op}`);
        else await run(`drop function if exists ${name}_${op}() cascade`);
      }
    }
    await trx.schema.dropTable('row_counts').execute();
    for (const c of PER_ROW) await trx.schema.alterTable(c.target).dropColumn(c.column).execute();
  });
}

/** A source row's value of `via`: a column of NEW/OLD, or a constant. */
const ref = (c: Counter, row: 'new' | 'old') => (c.via.startsWith("'") ? c.via : `${row}.${c.via}`);

/** SQLite has row triggers only: one update per row changed. */
function sqliteTriggers(c: Counter): string[] {
  return [
    `create trigger ${c.name}_insert after insert on ${c.source} begin
      update ${c.target} set ${c.column} = ${c.column} + 1 where ${c.key} = ${ref(c, 'new')};
    end`,
    `create trigger ${c.name}_delete after delete on ${c.source} begin
      update ${c.target} set ${c.column} = ${c.column} - 1 where ${c.key} = ${ref(c, 'old')};
    end`,
  ];
}

/**
 * PostgreSQL statement triggers with transition tables: one grouped update per statement, so a
 * bulk insert or a cascade touches each counted row once instead of once per source row.
 */
function postgresTriggers(c: Counter): string[] {
  const statements: string[] = [];
  for (const [op, table, sign] of [
    ['insert', 'new_rows', '+'],
    ['delete', 'old_rows', '-'],
  ] as const) {
    const fn = `${c.name}_${op}`;
    statements.push(
      `create function ${fn}() returns trigger language plpgsql as $$
      begin
        update ${c.target} as t set ${c.column} = t.${c.column} ${sign} d.n
          from (select ${c.via} as k, count(*) as n from ${table} group by 1) as d
          where t.${c.key} = d.k;
        return null;
      end $$`,
      `create trigger ${fn} after ${op} on ${c.source}
        referencing ${op === 'insert' ? 'new' : 'old'} table as ${table}
        for each statement execute function ${fn}()`,
    );
  }
  return statements;
}

/**
 * PostgreSQL runs each migration in a transaction already; Kysely does not on SQLite, where a
 * failure halfway would leave columns that make the next start fail, so wrap it here.
 */
async function atomically(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>) {
  if (db.isTransaction) await work(db);
  else await db.transaction().execute(work);
}
