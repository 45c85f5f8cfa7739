import { z } from 'zod';
import { languageTagSchema } from './language-tag.ts';
import { pagedSchema } from './pagination.ts';
import { courseProgressSchema } from './progress.ts';
import { publicUserSchema } from './users.ts';
import { ID_PARAM_MAX, videoSchema, videoSearchSchema } from './videos.ts';

import { MAX_LESSONS } from '../course-limits.ts';

export { MAX_LESSONS };

const title = z
  .string({ error: (i) => (i.input === undefined ? 'Title is required' : 'Title must be text') })
  .trim()
  .min(1, 'Title is required')
  .max(120, 'Title is at most 120 characters');
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(5000, 'Description is at most 5000 characters');
const language = languageTagSchema;

export const courseInputSchema = z.object({ title, description: description.default(''), language }).strict();
export type CourseInput = z.infer<typeof courseInputSchema>;

export const coursePatchSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    language: language.optional(),
    published: z.boolean({ error: 'published must be true or false' }).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change' });
export type CoursePatch = z.infer<typeof coursePatchSchema>;

export const courseLessonsSchema = z
  .object({
    videoIds: z
      .array(z.string({ error: 'Each lesson is a video id' }).min(1).max(ID_PARAM_MAX), {
        error: 'videoIds must be a list of video ids',
      })
      .min(1, 'A course has at least one lesson')
      .max(MAX_LESSONS, `A course has at most ${MAX_LESSONS} lessons`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'A video is a lesson once only' }),
  })
  .strict();
export type CourseLessons = z.infer<typeof courseLessonsSchema>;

export const enrolmentSchema = z
  .object({ enrolled: z.boolean({ error: 'enrolled must be true or false' }) })
  .strict();
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  cover: z.string().nullable(),
  owner: publicUserSchema,
  published: z.boolean(),
  lessonsCount: z.number().int(),
  /** Seconds, the lessons' durations added up. */
  totalDuration: z.number(),
  /** Whether the signed-in student is enrolled; absent when no one is signed in. */
  enrolled: z.boolean().optional(),
  /** The signed-in student's lessons finished and where to continue; absent when no one is signed in. */
  progress: courseProgressSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/** `GET /courses?q=`: the words to look for, by the rules of video search (docs/api.md, "Search"). */
export const courseSearchSchema = videoSearchSchema;

/**
 * A page of `GET /courses`; after a search that found nothing as typed, `suggestion` is the
 * corrected query whose courses the page lists ("Showing results for …"), as for videos.
 */
export const coursePageSchema = pagedSchema(courseSchema).extend({ suggestion: z.string().optional() });
export type CoursePage = z.infer<typeof coursePageSchema>;

/** One course with its lessons in order, each with its video as every video answer has it. */
export const courseDetailSchema = courseSchema.extend({
  lessons: z.array(z.object({ position: z.number().int(), video: videoSchema })),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;
