import type { Attempt, QuestionStats, Quiz } from '../contracts/quiz.ts';
import { endpoint } from '../endpoint.ts';

/** A video's practice quiz and its attempts (docs/api.md, "Practice"). */
export const quizApi = {
  /** The quiz, answers included: practice is checked on the device, offline too. */
  one: endpoint<Quiz>()('GET', '/videos/:videoId/quiz'),
  /** Sets the whole quiz (owner only); questions sent with their `_id` keep it. */
  put: endpoint<Quiz>()('PUT', '/videos/:videoId/quiz'),
  remove: endpoint<null>()('DELETE', '/videos/:videoId/quiz'),
  /** Scores an attempt on the server; the same `attemptId` again answers the first result. */
  attempt: endpoint<Attempt>()('POST', '/videos/:videoId/quiz/attempts'),
  /** The signed-in student's own attempts, newest first. */
  attempts: endpoint<Attempt[]>()('GET', '/videos/:videoId/quiz/attempts'),
  /** Per question, how many attempts got it right (owner only). */
  stats: endpoint<QuestionStats[]>()('GET', '/videos/:videoId/quiz/stats'),
};
