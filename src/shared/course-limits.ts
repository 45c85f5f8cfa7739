/**
 * The most lessons a course holds (docs/api.md, "Courses"), as a plain number: the contract's
 * schema (src/shared/contracts/courses.ts) is made from it, and the course form reads it here
 * without loading zod, which would add about 23 KB (gzip) to /courses/new and its Edit.
 */
export const MAX_LESSONS = 200;
