import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Courses: a title and a language over an ordered list of their owner's videos, and who is
 * enrolled. A lesson row goes with its video (a deleted video leaves every course) and with its
 * course; the videos stay when a course is deleted. Counts and durations are read from the lesson
 * rows, never kept, so a deleted video cannot leave a course's numbers wrong.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('cover', 'text')
    // 1 or 0 on both databases, so that the list's index reads the same way on each.
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // The published courses, newest first, paged; and one owner's.
  await db.schema
    .createIndex('courses_published_created_idx')
    .on('courses')
    .columns(['published', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('courses_owner_created_idx')
    .on('courses')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('course_lessons')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_lessons_pk', ['course_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('course_lessons_order_idx')
    .on('course_lessons')
    .columns(['course_id', 'position'])
    .execute();
  // A video's deletion finds its lesson rows by this index, not by reading every course.
  await db.schema.createIndex('course_lessons_video_idx').on('course_lessons').column('video_id').execute();

  await db.schema
    .createTable('course_enrolments')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enrolled_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('course_enrolments_pk', ['course_id', 'user_id'])
    .execute();
  // A student's courses, latest enrolment first.
  await db.schema
    .createIndex('course_enrolments_user_idx')
    .on('course_enrolments')
    .columns(['user_id', 'enrolled_at', 'course_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_enrolments').execute();
  await db.schema.dropTable('course_lessons').execute();
  await db.schema.dropTable('courses').execute();
}
