import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, QuizAttemptsTable, QuizQuestionsTable } from '../../db/schema.ts';

export type QuestionRow = Selectable<QuizQuestionsTable>;
export type AttemptRow = Selectable<QuizAttemptsTable>;
/** A current question with its quiz's time of change. */
export type CurrentQuestionRow = QuestionRow & { quiz_updated_at: string };

/** A question as a new version of the quiz has it; `_id` keeps a known question's id. */
export interface QuestionWrite {
  _id?: string | undefined;
  prompt: string;
  kind: QuestionRow['kind'];
  choices: string[];
  answer: number | number[] | string[];
  explanation: string | null;
}

export interface QuestionStatsRow {
  id: string;
  prompt: string;
  attempts: number;
  correct: number;
}

/**
 * `quiz_best`: the viewer's best score at the quiz of the video `idRef` (one lookup in
 * `quiz_bests`' primary key), null for no one signed in or no attempt. A column of the statement
 * that reads the videos, so a page of them stays one statement (docs/api.md, "Practice").
 */
export function quizBestColumn(idRef: string, viewerId: string | undefined) {
  if (viewerId === undefined) return sql<number | null>`null`.as('quiz_best');
  return sql<
    number | null
  >`(select qb.best from quiz_bests qb where qb.video_id = ${sql.ref(idRef)} and qb.user_id = ${viewerId})`.as(
    'quiz_best',
  );
}

/**
 * Quizzes, their questions and attempts (docs/api.md, "Practice"). A change of a quiz first takes
 * its video's row (a no-op update, which on PostgreSQL holds the row's lock until the commit), as
 * caption changes do, so two changes to one quiz run one after the other and the video's
 * `quiz_questions` is written from every question committed before it.
 */
export class QuizRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The quiz's current questions in order, each with the quiz's time of change; none: no quiz. */
  async current(videoId: string): Promise<CurrentQuestionRow[]> {
    return this.currentIn(this.db, videoId);
  }

  private async currentIn(db: Kysely<Database>, videoId: string): Promise<CurrentQuestionRow[]> {
    return db
      .selectFrom('quiz_questions as q')
      .innerJoin('quizzes as z', 'z.video_id', 'q.video_id')
      .selectAll('q')
      .select('z.updated_at as quiz_updated_at')
      .where('q.video_id', '=', videoId)
      .where('q.position', 'is not', null)
      .orderBy('q.position')
      .execute();
  }

  /**
   * Writes `questions` as the quiz's new version, in that order: a question whose `_id` names one
   * of this quiz's questions (current or retired) keeps that id and row; any other gets a fresh
   * id; current questions left out are retired, never deleted, so that attempts taken on them can
   * still be scored. Answers the new version, or undefined when the video no longer exists.
   */
  async put(
    videoId: string,
    questions: QuestionWrite[],
    now: string,
  ): Promise<CurrentQuestionRow[] | undefined> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.takeVideo(tx, videoId))) return undefined;
      await tx
        .insertInto('quizzes')
        .values({ video_id: videoId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('video_id').doUpdateSet({ updated_at: now }))
        .execute();
      const known = new Set(
        (await tx.selectFrom('quiz_questions').select('id').where('video_id', '=', videoId).execute()).map(
          (r) => r.id,
        ),
      );
      const kept: string[] = [];
      for (const [position, q] of questions.entries()) {
        const fields = {
          position,
          prompt: q.prompt,
          kind: q.kind,
          choices: JSON.stringify(q.choices),
          answer: JSON.stringify(q.answer),
          explanation: q.explanation,
          updated_at: now,
          retired_at: null,
        };
        if (q._id !== undefined && known.has(q._id)) {
          await tx.updateTable('quiz_questions').set(fields).where('id', '=', q._id).execute();
          kept.push(q._id);
        } else {
          const id = randomUUID();
          await tx
            .insertInto('quiz_questions')
            .values({ id, video_id: videoId, created_at: now, ...fields })
            .execute();
          kept.push(id);
        }
      }
      await tx
        .updateTable('quiz_questions')
        .set({ position: null, retired_at: now, updated_at: now })
        .where('video_id', '=', videoId)
        .where('position', 'is not', null)
        .where('id', 'not in', kept)
        .execute();
      await tx
        .updateTable('videos')
        .set({ quiz_questions: questions.length })
        .where('id', '=', videoId)
        .execute();
      return this.currentIn(tx, videoId);
    });
  }

  /**
   * Deletes the quiz with its questions, attempts and bests (foreign keys cascade). Answers
   * whether there was one; false too when the video no longer exists.
   */
  async remove(videoId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.takeVideo(tx, videoId))) return false;
      const gone = await tx.deleteFrom('quizzes').where('video_id', '=', videoId).executeTakeFirst();
      await tx.updateTable('videos').set({ quiz_questions: null }).where('id', '=', videoId).execute();
      return Number(gone.numDeletedRows) === 1;
    });
  }

  /** The quiz's questions named by `ids`, current and retired alike. */
  async questionsByIds(videoId: string, ids: string[]): Promise<QuestionRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('quiz_questions')
      .selectAll()
      .where('video_id', '=', videoId)
      .where('id', 'in', ids)
      .execute();
  }

  async findAttempt(videoId: string, userId: string, attemptId: string): Promise<AttemptRow | undefined> {
    return this.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('video_id', '=', videoId)
      .where('user_id', '=', userId)
      .where('attempt_id', '=', attemptId)
      .executeTakeFirst();
  }

  /**
   * Keeps a scored attempt with whether each question was right, and the student's best, in one
   * transaction; an attempt already kept under the same id is left as it is (one insert that does
   * nothing on conflict, so two copies sent at once make one row). Answers the attempt as kept,
   * and whether it is the one just written; undefined when the kept one went with its quiz since.
   */
  async record(
    attempt: AttemptRow,
    answers: Array<{ question_id: string; correct: boolean }>,
  ): Promise<{ row: AttemptRow; fresh: boolean } | undefined> {
    const fresh = await this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('quiz_attempts')
        .values(attempt)
        .onConflict((oc) => oc.columns(['video_id', 'user_id', 'attempt_id']).doNothing())
        .returning('attempt_id')
        .executeTakeFirst();
      if (!inserted) return false;
      if (answers.length > 0) {
        await tx
          .insertInto('quiz_answers')
          .values(
            answers.map((a) => ({
              video_id: attempt.video_id,
              user_id: attempt.user_id,
              attempt_id: attempt.attempt_id,
              question_id: a.question_id,
              correct: a.correct ? 1 : 0,
            })),
          )
          .execute();
      }
      await tx
        .insertInto('quiz_bests')
        .values({ video_id: attempt.video_id, user_id: attempt.user_id, best: attempt.score, attempts: 1 })
        .onConflict((oc) =>
          oc.columns(['video_id', 'user_id']).doUpdateSet({
            best: sql<number>`case when excluded.best > quiz_bests.best then excluded.best else quiz_bests.best end`,
            attempts: sql<number>`quiz_bests.attempts + 1`,
          }),
        )
        .execute();
      return true;
    });
    if (fresh) return { row: attempt, fresh };
    const first = await this.findAttempt(attempt.video_id, attempt.user_id, attempt.attempt_id);
    return first && { row: first, fresh };
  }

  /** The student's latest attempts at the quiz, latest first. */
  async attempts(videoId: string, userId: string, limit: number): Promise<AttemptRow[]> {
    return this.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('video_id', '=', videoId)
      .where('user_id', '=', userId)
      .orderBy('finished_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('attempt_id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Per current question, in order: how many attempts answered it and how many got it right. */
  async stats(videoId: string): Promise<QuestionStatsRow[]> {
    const rows = await this.db
      .selectFrom('quiz_questions as q')
      .leftJoin('quiz_answers as a', 'a.question_id', 'q.id')
      .select((eb) => [
        'q.id',
        'q.prompt',
        eb.fn.count<number>('a.question_id').as('attempts'),
        eb.fn.coalesce(eb.fn.sum<number>('a.correct'), eb.val(0)).as('correct'),
      ])
      .where('q.video_id', '=', videoId)
      .where('q.position', 'is not', null)
      .groupBy(['q.id', 'q.prompt', 'q.position'])
      .orderBy('q.position')
      .execute();
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts), correct: Number(r.correct) }));
  }

  /** Whether the video exists; it stays taken for the rest of the transaction. */
  private async takeVideo(tx: Transaction<Database>, videoId: string): Promise<boolean> {
    const taken = await tx
      .updateTable('videos')
      .set((eb) => ({ quiz_questions: eb.ref('quiz_questions') }))
      .where('id', '=', videoId)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }
}
