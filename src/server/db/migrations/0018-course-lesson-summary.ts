import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Lists of courses in one indexed read (docs/api.md, "Courses").
 *
 * Each course keeps how many lessons it has and their durations added up, so that a list of
 * courses is one indexed read of `courses` (joined to owners) instead of that read and a grouped
 * read of every listed course's lessons and their videos.
 *
 * The application writes them with the lessons (`setLessons`, in the same transaction). What
 * changes them from elsewhere is kept by triggers on `videos`, so that it holds whatever deletes
 * or edits a video: a video about to be deleted (its lesson rows go with it by the foreign key)
 * and a video whose duration changes. Each recounts the affected courses from their lesson rows
 * rather than adding or subtracting, so the kept numbers are what counting answers once the
 * writes are done. Two writes racing on one course under PostgreSQL's read committed (two of its
 * videos deleted at once) could each recount from before the other; migration 0021 makes the
 * triggers take the course's row before they recount.
 * A BEFORE DELETE trigger, because the lesson rows are still there to say which courses are
 * affected (the cascade has not run yet); the video being deleted is left out of the recount.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('lessons_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('courses')
    .addColumn('total_duration', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update courses set ${recount('courses.id', sql`1 = 1`)}`.execute(db);

  const affected = (row: 'old' | 'new') =>
    sql.raw(`id in (select course_id from course_lessons where video_id = ${row}.id)`);
  const onDelete = sql`update courses set ${recount('courses.id', sql.raw('l.video_id <> old.id'))} where ${affected('old')}`;
  const onDuration = sql`update courses set ${recount('courses.id', sql`1 = 1`)} where ${affected('new')}`;
  // How many courses are published: the total of `GET /courses`, kept (as row_counts keeps the
  // videos'), so that its first page does not count the whole published index on every request.
  await db.schema
    .createTable('course_counts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into course_counts (name, n)
    select 'published', count(*) from courses where published = 1`.execute(db);

  if (dialect === 'sqlite') {
    await sql`create trigger course_counts_insert after insert on courses when new.published = 1 begin
      update course_counts set n = n + 1 where name = 'published'; end`.execute(db);
    await sql`create trigger course_counts_delete after delete on courses when old.published = 1 begin
      update course_counts set n = n - 1 where name = 'published'; end`.execute(db);
    await sql`create trigger course_counts_update after update of published on courses
      when old.published <> new.published begin
      update course_counts set n = n + new.published - old.published where name = 'published'; end`.execute(
      db,
    );
    await sql`create trigger courses_lessons_video_delete before delete on videos begin ${onDelete}; end`.execute(
      db,
    );
    await sql`create trigger courses_lessons_video_duration after update of duration on videos
      when old.duration is not new.duration begin ${onDuration}; end`.execute(db);
  } else {
    await sql`create function course_counts_published() returns trigger language plpgsql as $$
      declare d integer;
      begin
        if tg_op = 'INSERT' then d := new.published;
        elsif tg_op = 'DELETE' then d := -old.published;
        else d := new.published - old.published;
        end if;
        if d <> 0 then update course_counts set n = n + d where name = 'published'; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger course_counts_published after insert or delete or update of published on courses
      for each row execute function course_counts_published()`.execute(db);
    await sql`create function courses_lessons_video_delete() returns trigger language plpgsql as $$
      begin ${onDelete}; return old; end $$`.execute(db);
    await sql`create trigger courses_lessons_video_delete before delete on videos
      for each row execute function courses_lessons_video_delete()`.execute(db);
    await sql`create function courses_lessons_video_duration() returns trigger language plpgsql as $$
      begin ${onDuration}; return null; end $$`.execute(db);
    await sql`create trigger courses_lessons_video_duration after update of duration on videos
      for each row when (old.duration is distinct from new.duration)
      execute function courses_lessons_video_duration()`.execute(db);
  }
}

/**
 * `lessons_count` and `total_duration` of the course `course` counted from its lesson rows that
 * satisfy `keep` (over the lesson `l`). Shared with the application's write (courses.repository.ts).
 */
export function recount(course: string, keep: RawBuilder<unknown>) {
  const ref = sql.raw(course);
  return sql`lessons_count = (select count(*) from course_lessons l where l.course_id = ${ref} and ${keep}),
    total_duration = (select coalesce(sum(v.duration), 0) from course_lessons l
      join videos v on v.id = l.video_id where l.course_id = ${ref} and ${keep})`;
}

export async function down(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    for (const op of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger course_counts_${op}`).execute(db);
    await sql`drop trigger courses_lessons_video_delete`.execute(db);
    await sql`drop trigger courses_lessons_video_duration`.execute(db);
  } else {
    await sql`drop trigger course_counts_published on courses`.execute(db);
    await sql`drop function course_counts_published()`.execute(db);
    await sql`drop trigger courses_lessons_video_delete on videos`.execute(db);
    await sql`drop trigger courses_lessons_video_duration on videos`.execute(db);
    await sql`drop function courses_lessons_video_delete()`.execute(db);
    await sql`drop function courses_lessons_video_duration()`.execute(db);
  }
  await db.schema.dropTable('course_counts').execute();
  await db.schema.alterTable('courses').dropColumn('lessons_count').execute();
  await db.schema.alterTable('courses').dropColumn('total_duration').execute();
}
