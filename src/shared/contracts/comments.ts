import { z } from 'zod';
import { publicUserSchema } from './users.ts';

export const commentInputSchema = z.object({
  content: z
    .string({ error: (i) => (i.input === undefined ? 'Comment is required' : 'Comment must be text') })
    .trim()
    .min(1, 'Comment is required')
    .max(1000, 'Comment is at most 1000 characters'),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

export const commentSchema = z.object({
  _id: z.string(),
  content: z.string(),
  video: z.string(),
  owner: publicUserSchema,
  likesCount: z.number().int(),
  liked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
