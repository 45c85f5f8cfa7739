import type { Course, CourseDetail, Enrolment } from '../contracts/courses.ts';
import type { Paged } from '../contracts/pagination.ts';
import { endpoint } from '../endpoint.ts';

/** Courses: ordered lessons, enrolment (docs/api.md, "Courses"). */
export const coursesApi = {
  /** Published courses, newest first. */
  list: endpoint<Paged<Course>>()('GET', '/courses'),
  /** The signed-in student's enrolled courses, latest enrolment first. */
  enrolled: endpoint<Paged<Course>>()('GET', '/courses/enrolled'),
  byOwner: endpoint<Paged<Course>>()('GET', '/courses/user/:userId'),
  one: endpoint<CourseDetail>()('GET', '/courses/:courseId'),
  create: endpoint<Course>()('POST', '/courses'),
  update: endpoint<Course>()('PATCH', '/courses/:courseId'),
  setLessons: endpoint<CourseDetail>()('PUT', '/courses/:courseId/lessons'),
  remove: endpoint<null>()('DELETE', '/courses/:courseId'),
  enrol: endpoint<Enrolment>()('POST', '/courses/:courseId/enrol'),
};
