import useSWR from 'swr';
import type { CourseDetail } from '../../shared/contracts/courses.ts';
import type { QuestionStats, Quiz, QuizInput, QuizSummary } from '../../shared/contracts/quiz.ts';
import type { Video } from '../../shared/contracts/videos.ts';
import type { AnswerOf } from '../../shared/endpoint.ts';
import { coursesApi } from '../../shared/endpoints/courses.ts';
import { quizApi } from '../../shared/endpoints/quiz.ts';
import { videosApi } from '../../shared/endpoints/videos.ts';
import type { CacheChange } from '../../shared/outbox/kinds.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { rereadPaths } from './cache-keys.ts';
import { updateKeys, writeKey } from './cache.ts';

// A video's practice quiz (docs/api.md, "Practice"): read with its answers, since the device
// checks each answer at once, offline too (a saved lesson's quiz is kept with its download and
// the worker answers this read from it). Its owner writes it online; attempts go through the
// outbox ('quiz-attempt' in src/shared/outbox/kinds.ts).

export const quizKey = (videoId: string) => quizApi.one.path({ videoId });

/** The quiz of a video, read only when `enabled` (the video says it has one). */
export function useQuiz(videoId: string, enabled = true) {
  return useSWR<Quiz>(enabled ? quizKey(videoId) : null, { revalidateOnFocus: false });
}

/**
 * A saved lesson opened online: its quiz is read now, whether or not Practice is opened, so that
 * the worker keeps the current version in the download (sw/downloads.ts) and offline practice is
 * the quiz the teacher has now, not the one of the day it was saved; the read also fills the
 * cache, so Practice opens at once.
 */
export function refreshSavedQuiz(api: ApiClient, videoId: string): void {
  void api
    .get<Quiz>(quizKey(videoId))
    .then((quiz) => writeKey<Quiz>(quizKey(videoId), quiz))
    .catch(() => undefined);
}

/** Per question, how many attempts got it right: for the quiz's owner. */
export function useQuizStats(videoId: string, enabled: boolean) {
  return useSWR<QuestionStats[]>(enabled ? quizApi.stats.path({ videoId }) : null);
}

/** Sets the whole quiz; questions sent with their `_id` keep it, and their attempts and stats. */
export const saveQuiz = (api: ApiClient, videoId: string, input: QuizInput) =>
  api.put<AnswerOf<typeof quizApi.put>>(quizApi.put.path({ videoId }), input);

export const removeQuiz = (api: ApiClient, videoId: string) =>
  api.delete<AnswerOf<typeof quizApi.remove>>(quizApi.remove.path({ videoId }));

/**
 * After the owner saved or removed the quiz: the quiz read holds the answer (or nothing), and
 * what says how many questions there are (the video, its stats) is read again.
 */
export function quizChanged(videoId: string, quiz: Quiz | undefined): void {
  writeKey<Quiz | undefined>(quizKey(videoId), quiz);
  rereadPaths(
    (path) =>
      videosApi.one.paramsOf(path)?.videoId === videoId || quizApi.stats.paramsOf(path)?.videoId === videoId,
  );
}

/** A summary with `score` counted: the best of the two. */
const withScore = (quiz: QuizSummary | undefined, score: number): QuizSummary | undefined =>
  quiz ? { ...quiz, best: Math.max(quiz.best ?? score, score) } : quiz;

/**
 * A delivered attempt: the server's score (never the device's) becomes the video's best where it
 * is higher, in the video's read and in the lessons of the courses cached; then the video, the
 * attempts and the courses (a lesson with practice is completed once practised) are read again.
 */
export function quizDelivered(change: Extract<CacheChange, { noun: 'quiz' }>): void {
  const { videoId, attempt } = change;
  const isVideo = (path: string) => videosApi.one.paramsOf(path)?.videoId === videoId;
  updateKeys<Video>(isVideo, (video) => ({ ...video, quiz: withScore(video.quiz, attempt.score) ?? null }));
  updateKeys<CourseDetail>(coursesApi.one.matches, (course) =>
    course.lessons?.some((l) => l.video._id === videoId)
      ? {
          ...course,
          lessons: course.lessons.map((l) =>
            l.video._id === videoId
              ? { ...l, video: { ...l.video, quiz: withScore(l.video.quiz, attempt.score) ?? null } }
              : l,
          ),
        }
      : course,
  );
  rereadPaths(
    (path) =>
      isVideo(path) ||
      quizApi.attempts.paramsOf(path)?.videoId === videoId ||
      coursesApi.one.matches(path) ||
      coursesApi.enrolled.matches(path),
  );
}
