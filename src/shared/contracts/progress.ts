import { z } from 'zod';
import { ID_PARAM_MAX, videoSchema } from './videos.ts';

/**
 * Where a student is in a video (docs/api.md, "Progress"): kept per student and video, the entry
 * with the latest `at` (the device's time when the student was there) winning, so a position sent
 * late from another device never goes back in time.
 */
export const progressInputSchema = z
  .object({
    position: z
      .number({ error: 'position must be a number of seconds' })
      .min(0, 'position must be from 0 to the length of the video'),
    completed: z.boolean({ error: 'completed must be true or false' }),
    at: z.iso.datetime({ offset: true, error: 'at must be an ISO time such as 2026-11-28T10:00:00Z' }),
  })
  .strict();
export type ProgressInput = z.infer<typeof progressInputSchema>;

export const progressSchema = z.object({
  videoId: z.string(),
  position: z.number(),
  completed: z.boolean(),
  at: z.string(),
});
export type Progress = z.infer<typeof progressSchema>;

/** `GET /progress?videoIds=a,b,c`: up to 100 ids, split by the server (`videoIdsOf`). */
export const progressQuerySchema = z.object({
  videoIds: z
    .string({ error: 'videoIds is a comma-separated list of video ids' })
    .max(100 * (ID_PARAM_MAX + 1), 'Ask for at most 100 videos at once'),
});

/** The ids of a `videoIds` list, each once; undefined when there are none or more than 100. */
export function videoIdsOf(list: string): string[] | undefined {
  const ids = [
    ...new Set(
      list
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  return ids.length === 0 || ids.length > 100 || ids.some((id) => id.length > ID_PARAM_MAX) ? undefined : ids;
}

/** The latest places a student was, with the video and, where it is a lesson, its course. */
export const recentProgressSchema = progressSchema.extend({
  video: videoSchema,
  course: z.object({ _id: z.string(), title: z.string() }).nullable(),
});
export type RecentProgress = z.infer<typeof recentProgressSchema>;

/** A course's progress for the signed-in student. */
export const courseProgressSchema = z.object({
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
  /** Where to continue: the lesson last watched, or the next one after it was finished. */
  resume: z.object({ videoId: z.string(), position: z.number() }).nullable(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

// Said once, apart from the schemas, for screens that must not load zod (the player).
export { isNearEnd } from '../near-end.ts';
