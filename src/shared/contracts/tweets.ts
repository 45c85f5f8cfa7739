import { z } from 'zod';
import { publicUserSchema } from './users.ts';

export const tweetInputSchema = z.object({
  content: z
    .string({ error: (i) => (i.input === undefined ? 'Tweet is required' : 'Tweet must be text') })
    .trim()
    .min(1, 'Tweet is required')
    .max(280, 'Tweet is at most 280 characters'),
});
export type TweetInput = z.infer<typeof tweetInputSchema>;

export const tweetSchema = z.object({
  _id: z.string(),
  content: z.string(),
  owner: publicUserSchema,
  likesCount: z.number().int(),
  liked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tweet = z.infer<typeof tweetSchema>;
