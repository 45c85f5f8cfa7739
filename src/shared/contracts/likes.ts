import { z } from 'zod';
import { publicUserSchema } from './users.ts';

/** `v` video, `c` comment, `t` tweet: the path segment of /likes/toggle/{kind}/{id}. */
export const likeKindSchema = z.enum(['v', 'c', 't']);
export type LikeKind = z.infer<typeof likeKindSchema>;

/** No body flips the like; `{ liked }` sets it, which is safe to repeat (the outbox's form). */
export const likeSetSchema = z
  .object({ liked: z.boolean({ error: 'liked must be true or false' }) })
  .strict()
  .nullish();

export const likeStateSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

export const likedVideoSchema = z.object({
  _id: z.string(),
  likedAt: z.string(),
  video: z.object({
    _id: z.string(),
    title: z.string(),
    thumbnail: z.string(),
    duration: z.number(),
    owner: publicUserSchema,
  }),
});
export type LikedVideo = z.infer<typeof likedVideoSchema>;
