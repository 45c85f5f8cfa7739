import { monotonicNow } from '../../clock.ts';
import type {
  Attempt,
  AttemptInput,
  Question,
  QuestionStats,
  Quiz,
  QuizInput,
} from '../../../shared/contracts/quiz.ts';
import { isRight } from '../../../shared/quiz-check.ts';
import { quizProblems } from '../../../shared/quiz-rules.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import type { VideoRow, VideosRepository } from '../videos/videos.repository.ts';
import type { AttemptRow, CurrentQuestionRow, QuestionRow, QuizRepository } from './quiz.repository.ts';

const missingVideo = () => new AppError(404, 'This video does not exist (it may have been deleted)');
const notOwner = () =>
  new AppError(403, 'Only the owner of this video may change its practice or see its results');
const noQuiz = () => new AppError(404, 'This video has no practice quiz (it may have been removed)');

/** How many of a student's attempts `GET .../quiz/attempts` lists, latest first. */
export const LISTED_ATTEMPTS = 100;

function toQuestion(row: QuestionRow): Question {
  return {
    _id: row.id,
    prompt: row.prompt,
    kind: row.kind,
    choices: JSON.parse(row.choices) as string[],
    answer: JSON.parse(row.answer) as Question['answer'],
    explanation: row.explanation,
  };
}

function toQuiz(videoId: string, rows: CurrentQuestionRow[]): Quiz {
  return { videoId, questions: rows.map(toQuestion), updatedAt: rows[0]!.quiz_updated_at };
}

function toAttempt(row: AttemptRow): Attempt {
  return {
    attemptId: row.attempt_id,
    score: Number(row.score),
    total: Number(row.total),
    correct: JSON.parse(row.correct) as boolean[],
    questionIds: JSON.parse(row.question_ids) as string[],
    finishedAt: new Date(row.finished_at).toISOString(),
  };
}

/**
 * A video's practice quiz and its attempts (docs/api.md, "Practice"). The questions travel with
 * their answers, since practice is checked on the device; an attempt is scored again here with
 * the same rule (shared/quiz-check.ts), and the device's own score is never taken.
 */
export class QuizService {
  constructor(
    private readonly quiz: QuizRepository,
    private readonly videos: VideosRepository,
    private readonly now: () => Date = monotonicNow,
  ) {}

  private async video(videoId: string): Promise<VideoRow> {
    const video = await this.videos.find(videoId);
    if (!video) throw missingVideo();
    return video;
  }

  private async owned(videoId: string, userId: string): Promise<VideoRow> {
    const video = await this.video(videoId);
    if (video.owner_id !== userId) throw notOwner();
    return video;
  }

  /** Why there is nothing to answer: no such video, or no quiz on it. */
  private async absent(videoId: string): Promise<never> {
    await this.video(videoId);
    throw noQuiz();
  }

  async get(videoId: string): Promise<Quiz> {
    const rows = await this.quiz.current(videoId);
    if (rows.length === 0) return this.absent(videoId);
    return toQuiz(videoId, rows);
  }

  /** Sets the whole quiz: questions sent with their `_id` keep it, others get a fresh one. */
  async put(userId: string, videoId: string, input: QuizInput): Promise<Quiz> {
    await this.owned(videoId, userId);
    const problems = quizProblems(input);
    if (problems.length > 0) throw new AppError(400, 'Some questions are not valid', problems);
    const rows = await this.quiz.put(
      videoId,
      input.questions.map((q) => ({
        _id: q._id,
        prompt: q.prompt,
        kind: q.kind,
        choices: q.kind === 'text' ? [] : (q.choices ?? []),
        answer: q.answer,
        explanation: q.explanation ? q.explanation : null,
      })),
      this.now().toISOString(),
    );
    if (!rows) throw missingVideo();
    return toQuiz(videoId, rows);
  }

  async remove(userId: string, videoId: string): Promise<void> {
    await this.owned(videoId, userId);
    if (!(await this.quiz.remove(videoId))) {
      throw new AppError(404, 'This video has no practice quiz (it may already have been removed)');
    }
  }

  /**
   * Scores an attempt against the questions it names by id, as they are now, or as they were
   * when retired; answers for no question of this quiz are left out, and a question answered
   * twice counts once (its first answer). The same `attemptId` again answers the first result
   * (`fresh` false) and changes nothing.
   */
  async attempt(
    userId: string,
    videoId: string,
    input: AttemptInput,
  ): Promise<{ attempt: Attempt; fresh: boolean }> {
    const video = await this.video(videoId);
    if (video.quiz_questions === null) throw noQuiz();
    const named = [...new Set(input.answers.map((a) => a.questionId))];
    const questions = new Map((await this.quiz.questionsByIds(videoId, named)).map((q) => [q.id, q]));
    const scored: Array<{ question_id: string; correct: boolean }> = [];
    for (const { questionId, answer } of input.answers) {
      const question = questions.get(questionId);
      if (!question || scored.some((s) => s.question_id === questionId)) continue;
      scored.push({ question_id: questionId, correct: isRight(toQuestion(question), answer) });
    }
    if (scored.length === 0) {
      const first = await this.quiz.findAttempt(videoId, userId, input.attemptId);
      if (first) return { attempt: toAttempt(first), fresh: false };
      // The quiz may have been removed (its questions with it) since it was looked at above.
      if ((await this.video(videoId)).quiz_questions === null) throw noQuiz();
      throw new AppError(400, 'None of these answers is for a question of this quiz', [
        { field: 'answers', message: 'Answer at least one question of the quiz' },
      ]);
    }
    // Times from the device: never later than the server's, and never finished before started.
    const now = this.now().getTime();
    const finished = Math.min(new Date(input.finishedAt).getTime(), now);
    const started = Math.min(new Date(input.startedAt).getTime(), finished);
    const row: AttemptRow = {
      video_id: videoId,
      user_id: userId,
      attempt_id: input.attemptId,
      score: scored.filter((s) => s.correct).length,
      total: scored.length,
      question_ids: JSON.stringify(scored.map((s) => s.question_id)),
      correct: JSON.stringify(scored.map((s) => s.correct)),
      started_at: new Date(started).toISOString(),
      finished_at: new Date(finished).toISOString(),
      created_at: new Date(now).toISOString(),
    };
    let kept;
    try {
      kept = await this.quiz.record(row, scored);
    } catch (err) {
      // The quiz (or a question, with it) was deleted while this was scored.
      if (isForeignKeyViolation(err)) throw noQuiz();
      throw err;
    }
    if (!kept) throw noQuiz();
    return { attempt: toAttempt(kept.row), fresh: kept.fresh };
  }

  /** The student's own latest attempts at the quiz, latest first. */
  async attempts(userId: string, videoId: string): Promise<Attempt[]> {
    const rows = await this.quiz.attempts(videoId, userId, LISTED_ATTEMPTS);
    if (rows.length === 0 && (await this.video(videoId)).quiz_questions === null) throw noQuiz();
    return rows.map(toAttempt);
  }

  /** Per current question, in order: how many attempts answered it and how many got it right. */
  async stats(userId: string, videoId: string): Promise<QuestionStats[]> {
    await this.owned(videoId, userId);
    const rows = await this.quiz.stats(videoId);
    if (rows.length === 0) throw noQuiz();
    return rows.map((r) => ({
      questionId: r.id,
      prompt: r.prompt,
      attempts: r.attempts,
      correct: r.correct,
    }));
  }
}
