import type { Course, CourseDetail, CoursePage, Enrolment } from '../contracts/courses.ts';
import type { Paged } from '../contracts/pagination.ts';
import { endpoint } from '../endpoint.ts';

/** Courses: ordered lessons, enrolment (docs/api.md, "Courses"). */
export const coursesApi = {
  /** Published courses, newest first; with `q`, the matches, best first. */
  list: endpoint<CoursePage>()('GET', '/courses'),
  /** The signed-in student's enrolled courses, latest enrolment first. */
  enrolled: endpoint<Paged<Course>>()('GET', '/courses/enrolled'),
  byOwner: endpoint<Paged<Course>>()('GET', '/courses/user/:userId'),
  one: endpoint<CourseDetail>()('GET', '/courses/:courseId'),
  create: endpoint<Course>()('POST', '/courses'),
  update: endpoint<Course>()('PATCH', '/courses/:courseId'),
  /** Replaces the cover picture (multipart `cover`, an image as for thumbnails). */
  setCover: endpoint<Course>()('PATCH', '/courses/:courseId/cover'),
  setLessons: endpoint<CourseDetail>()('PUT', '/courses/:courseId/lessons'),
  remove: endpoint<null>()('DELETE', '/courses/:courseId'),
  enrol: endpoint<Enrolment>()('POST', '/courses/:courseId/enrol'),
};
