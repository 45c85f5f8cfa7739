import useSWR, { useSWRConfig } from 'swr';
import type { Progress } from '../../shared/contracts/progress.ts';
import type { Course, CourseDetail, CourseInput, CoursePatch } from '../../shared/contracts/courses.ts';
import type { AnswerOf } from '../../shared/endpoint.ts';
import { coursesApi } from '../../shared/endpoints/courses.ts';
import { progressApi } from '../../shared/endpoints/progress.ts';
import type { CacheChange } from '../../shared/outbox/kinds.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { rereadPaths } from './cache-keys.ts';
import { writeKey } from './cache.ts';
import { usePagedList } from './paged-list.ts';

/** A page of courses: as many as a phone shows in two screens. */
export const COURSES_PAGE_SIZE = 12;

/** One course with its lessons in order and, signed in, where the student is (docs/api.md, "Courses"). */
export const courseKey = (courseId: string) => coursesApi.one.path({ courseId });

export function useCourse(courseId: string) {
  return useSWR<CourseDetail>(courseKey(courseId));
}

/** The published courses, newest first; with `q`, those matching it (docs/api.md, "Search"). */
export function useCourseList(q = '') {
  const list = usePagedList<Course>(coursesApi.list.path({ q }), COURSES_PAGE_SIZE);
  const suggestion = q ? (list.firstPage as { suggestion?: string } | undefined)?.suggestion : undefined;
  return { ...list, suggestion };
}

/** The courses the signed-in student is enrolled in, with progress; null waits for the session. */
export function useEnrolledCourses(signedIn: boolean) {
  return usePagedList<Course>(signedIn ? coursesApi.enrolled.path() : null, COURSES_PAGE_SIZE);
}

/** A teacher's courses, their unpublished ones too when they are the one asking. */
export function useCoursesOf(userId: string | undefined) {
  return usePagedList<Course>(userId ? coursesApi.byOwner.path({ userId }) : null, COURSES_PAGE_SIZE);
}

/** The most videos one progress read asks for (docs/api.md, "Progress"). */
const PROGRESS_READ_MAX = 100;

/**
 * Where the student is in each of `videoIds` (a course's lessons), by video id: one read per 100
 * lessons, each under its own address so that the worker keeps it for offline.
 */
export function useLessonProgress(videoIds: string[]): Map<string, Progress> {
  const paths: string[] = [];
  for (let i = 0; i < videoIds.length; i += PROGRESS_READ_MAX) {
    paths.push(progressApi.byVideos.path({ videoIds: videoIds.slice(i, i + PROGRESS_READ_MAX).join(',') }));
  }
  // Two reads at most (a course holds up to 200 lessons); the second waits for a course that long.
  const first = useSWR<Progress[]>(paths[0] ?? null);
  const second = useSWR<Progress[]>(paths[1] ?? null);
  return new Map([...(first.data ?? []), ...(second.data ?? [])].map((p) => [p.videoId, p]));
}

// A course's writes, from its teacher's screens and the Enrol button: online only, as a video's
// own edits are; the screens say so when the network is down.

export const createCourse = (api: ApiClient, input: CourseInput) =>
  api.post<AnswerOf<typeof coursesApi.create>>(coursesApi.create.path(), input);

export const updateCourse = (api: ApiClient, courseId: string, patch: CoursePatch) =>
  api.patch<AnswerOf<typeof coursesApi.update>>(coursesApi.update.path({ courseId }), patch);

export const setCourseLessons = (api: ApiClient, courseId: string, videoIds: string[]) =>
  api.put<AnswerOf<typeof coursesApi.setLessons>>(coursesApi.setLessons.path({ courseId }), { videoIds });

/** Replaces the course's cover with the form's `cover` image. */
export const setCourseCover = (api: ApiClient, courseId: string, form: FormData) =>
  api.postForm<AnswerOf<typeof coursesApi.setCover>>(coursesApi.setCover.path({ courseId }), form, {
    method: coursesApi.setCover.method,
  });

export const deleteCourse = (api: ApiClient, courseId: string) =>
  api.delete<AnswerOf<typeof coursesApi.remove>>(coursesApi.remove.path({ courseId }));

/** The lesson after (or before) `videoId` in `course`, if there is one. */
export function neighbourLesson(course: CourseDetail, videoId: string, step: 1 | -1) {
  const at = course.lessons.findIndex((lesson) => lesson.video._id === videoId);
  return at < 0 ? undefined : course.lessons[at + step];
}

/**
 * What a teacher's writes to a course change in the screens' data: the course is read again (its
 * lessons, cover and progress are the server's to say).
 */
export function useCourseCache() {
  const { mutate } = useSWRConfig();
  return {
    changed: (courseId: string) => mutate(courseKey(courseId)),
  };
}

/**
 * An enrolment the outbox delivered (perhaps long after the tap, from the worker): the course and
 * the student's enrolled courses are read again, so they show the server's word.
 */
export function enrolmentDelivered(change: Extract<CacheChange, { noun: 'enrolment' }>): void {
  // Enrolled at once, so that Continue does not turn back into Enrol while the course is read.
  writeKey<CourseDetail | undefined>(courseKey(change.courseId), (course) =>
    course ? { ...course, enrolled: true } : course,
  );
  rereadPaths(
    (path) =>
      coursesApi.enrolled.matches(path) || coursesApi.one.paramsOf(path)?.courseId === change.courseId,
  );
}

/** A lesson's place in its course, from 1; 0 when the video is not one of its lessons. */
export const lessonNumber = (course: Course & Partial<CourseDetail>, videoId: string) =>
  (course.lessons?.findIndex((lesson) => lesson.video._id === videoId) ?? -1) + 1;
