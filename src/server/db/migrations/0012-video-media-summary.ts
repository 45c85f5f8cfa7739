import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * What a video answer says about its copies, kept on the video's own row, so that a page of
 * videos is one indexed read again (docs/api.md, "Renditions"):
 * - `rendition_summary`: the video's renditions as JSON, written in the transaction that
 *   publishes them; null on rows older than this migration until the background back-fill
 *   (src/server/jobs/backfills.ts) has written theirs, and answers read the tables meanwhile;
 * - `processing_state` and `processing_progress`: its renditions job's state and progress (null:
 *   no job), kept by triggers on `jobs` in the statement that changes the job, whatever changes
 *   it (a claim, a heartbeat, a set-based back-fill);
 * - `backfills`: how far each background back-fill has got, so that one interrupted resumes where
 *   it stopped and one finished costs a start nothing.
 *
 * Only cheap changes here: adding nullable columns writes no row on either database, so this
 * migration takes the same time on ten videos as on a million. The rows are filled afterwards,
 * in the background, once the server answers.
 */
const JOB_KIND = 'renditions';

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema.alterTable('videos').addColumn('rendition_summary', 'text').execute();
  await db.schema.alterTable('videos').addColumn('processing_state', 'text').execute();
  await db.schema
    .alterTable('videos')
    .addColumn('processing_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('backfills')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // The greatest key done so far; the next batch starts after it.
    .addColumn('after_key', 'text')
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const statement of dialect === 'sqlite' ? sqliteTriggers() : postgresTriggers())
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists jobs_processing_${op}`).execute(db);
  } else {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop function if exists jobs_processing_${op}() cascade`).execute(db);
  }
  await db.schema.dropTable('backfills').execute();
  for (const column of ['processing_progress', 'processing_state', 'rendition_summary'])
    await db.schema.alterTable('videos').dropColumn(column).execute();
}

/** SQLite has row triggers only: one small update of the video per job row changed. */
function sqliteTriggers(): string[] {
  const set = (row: 'new' | 'old', clear: boolean) =>
    `update videos set processing_state = ${clear ? 'null' : `${row}.state`},
       processing_progress = ${clear ? '0' : `${row}.progress`} where id = ${row}.subject;`;
  return [
    `create trigger jobs_processing_insert after insert on jobs when new.kind = '${JOB_KIND}' begin
      ${set('new', false)}
    end`,
    `create trigger jobs_processing_update after update of state, progress on jobs
      when new.kind = '${JOB_KIND}' begin
      ${set('new', false)}
    end`,
    `create trigger jobs_processing_delete after delete on jobs when old.kind = '${JOB_KIND}' begin
      ${set('old', true)}
    end`,
  ];
}

/**
 * PostgreSQL statement triggers with transition tables: a set-based back-fill that queues
 * thousands of jobs in one statement updates their videos in one grouped statement too.
 */
function postgresTriggers(): string[] {
  const statements: string[] = [];
  for (const [op, table, clear] of [
    ['insert', 'new_rows', false],
    ['update', 'new_rows', false],
    ['delete', 'old_rows', true],
  ] as const) {
    const fn = `jobs_processing_${op}`;
    statements.push(
      `create function ${fn}() returns trigger language plpgsql as $$
      begin
        update videos as v
           set processing_state = ${clear ? 'null' : 'j.state'},
               processing_progress = ${clear ? '0' : 'j.progress'}
          from ${table} as j
         where j.kind = '${JOB_KIND}' and v.id = j.subject;
        return null;
      end $$`,
      `create trigger ${fn} after ${op} on jobs
        referencing ${clear ? 'old' : 'new'} table as ${table}
        for each statement execute function ${fn}()`,
    );
  }
  return statements;
}
