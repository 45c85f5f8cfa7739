import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Practice quizzes (docs/api.md, "Practice"):
 * - `quizzes`: one per video at most, going with its video; every other table below goes with it,
 *   so deleting a quiz (or its video) deletes its questions, attempts and bests;
 * - `quiz_questions`: a question keeps its id across the owner's edits. One the owner leaves out
 *   of a new version is not deleted but retired (`position` null, `retired_at` set), so that an
 *   attempt taken on it, sent later from an offline phone, is still scored against it as it was;
 * - `quiz_attempts`: one per student, video and device-made `attempt_id` (the primary key), so the
 *   same attempt sent twice is one row, holding the score it was given the first time;
 * - `quiz_answers`: whether each scored question of an attempt was right, so the owner's
 *   per-question stats are one grouped read of an index;
 * - `quiz_bests`: each student's best score and number of attempts per quiz, written with each
 *   attempt, so a video answer says the viewer's best from one primary-key lookup inside the
 *   statement that reads the page of videos;
 * - `videos.quiz_questions`: the quiz's number of questions, null with no quiz, written in the
 *   transaction that changes the quiz, so lists of videos keep their statement counts (as
 *   `caption_summary` does for captions, migration 0019).
 *
 * No video has a quiz before this migration, so null is every existing row's true value: nothing
 * to back-fill. Adding a column with no default writes no row on either database.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('quizzes')
    .addColumn('video_id', 'text', (c) => c.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quiz_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('video_id', 'text', (c) => c.notNull().references('quizzes.video_id').onDelete('cascade'))
    // From 0 in the quiz's order; null once retired.
    .addColumn('position', 'integer')
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: the choices (an empty list for "text"), and the answer as the contract writes it.
    .addColumn('choices', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('retired_at', timestamp)
    .execute();
  // A quiz's questions in order (and its retired ones, by the same index).
  await db.schema
    .createIndex('quiz_questions_video_position_idx')
    .on('quiz_questions')
    .columns(['video_id', 'position'])
    .execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('video_id', 'text', (c) => c.notNull().references('quizzes.video_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempt_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    // JSON: the scored questions' ids and whether each was right, in the order answered.
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('correct', 'text', (c) => c.notNull())
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_attempts_pk', ['video_id', 'user_id', 'attempt_id'])
    .execute();
  // A student's attempts at one quiz, latest first.
  await db.schema
    .createIndex('quiz_attempts_latest_idx')
    .on('quiz_attempts')
    .columns(['video_id', 'user_id', 'finished_at'])
    .execute();

  await db.schema
    .createTable('quiz_answers')
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('attempt_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull().references('quiz_questions.id').onDelete('cascade'))
    // 1 or 0 on both databases, so that stats add them up alike.
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_answers_pk', ['video_id', 'user_id', 'attempt_id', 'question_id'])
    .addForeignKeyConstraint(
      'quiz_answers_attempt_fk',
      ['video_id', 'user_id', 'attempt_id'],
      'quiz_attempts',
      ['video_id', 'user_id', 'attempt_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  // Per question, how many answers and how many right: read from the index alone.
  await db.schema
    .createIndex('quiz_answers_question_idx')
    .on('quiz_answers')
    .columns(['question_id', 'correct'])
    .execute();

  await db.schema
    .createTable('quiz_bests')
    .addColumn('video_id', 'text', (c) => c.notNull().references('quizzes.video_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('best', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_bests_pk', ['video_id', 'user_id'])
    .execute();

  await db.schema.alterTable('videos').addColumn('quiz_questions', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('quiz_questions').execute();
  for (const table of ['quiz_bests', 'quiz_answers', 'quiz_attempts', 'quiz_questions', 'quizzes']) {
    await db.schema.dropTable(table).execute();
  }
}
