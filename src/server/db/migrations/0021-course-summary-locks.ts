import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MigrationContext } from '../migrate.ts';
import { recount } from './0018-course-lesson-summary.ts';

/**
 * Each course's kept lesson summary (migration 0018) stays right when two writes to one course
 * meet on PostgreSQL.
 *
 * Under read committed, the triggers of 0018 recounted a course inside the statement that
 * deleted a video. When two of a course's videos were deleted at once, the second waited for
 * the first's lock on the course row and then recounted with the snapshot it had taken before
 * waiting: it still saw the first video's lesson, and the course kept one lesson too many.
 *
 * The triggers now first lock the courses they will recount, in id order (so two of them never
 * wait for each other the other way round), and recount in a statement of their own: in a
 * PL/pgSQL function each statement takes a fresh snapshot, so the recount sees whatever the
 * write it waited for committed. The application's own write of a course's lessons takes the
 * course's row before anything else for the same reason (courses.repository.ts).
 *
 * SQLite runs one write at a time, so there is nothing to change there.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'postgres') return;
  await replaceFunctions(db, true);
}

export async function down(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'postgres') return;
  await replaceFunctions(db, false);
}

/** The two triggers' functions, with the locks first (`locked`) or as 0018 wrote them. */
async function replaceFunctions(db: Kysely<unknown>, locked: boolean): Promise<void> {
  const affected = (row: 'old' | 'new') =>
    sql.raw(`id in (select course_id from course_lessons where video_id = ${row}.id)`);
  const lock = (row: 'old' | 'new'): RawBuilder<unknown> =>
    locked ? sql`perform 1 from courses where ${affected(row)} order by id for update;` : sql``;
  await sql`create or replace function courses_lessons_video_delete() returns trigger language plpgsql as $$
    begin
      ${lock('old')}
      update courses set ${recount('courses.id', sql.raw('l.video_id <> old.id'))} where ${affected('old')};
      return old;
    end $$`.execute(db);
  await sql`create or replace function courses_lessons_video_duration() returns trigger language plpgsql as $$
    begin
      ${lock('new')}
      update courses set ${recount('courses.id', sql`1 = 1`)} where ${affected('new')};
      return null;
    end $$`.execute(db);
}
