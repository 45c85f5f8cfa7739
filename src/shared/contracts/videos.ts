import { z } from 'zod';
import { publicUserSchema } from './users.ts';

const text = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
  });

export const videoTitleSchema = text('Title')
  .trim()
  .min(1, 'Title is required')
  .max(100, 'Title is at most 100 characters');
export const videoDescriptionSchema = text('Description')
  .trim()
  .max(5000, 'Description is at most 5000 characters');

/**
 * The text fields of the upload form; the files (videoFile, thumbnail) come beside them. A
 * finished resumable upload's id (`uploadId`) stands in for the videoFile part.
 */
export const uploadVideoFieldsSchema = z.object({
  title: videoTitleSchema,
  uploadId: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'Upload id is not one this server made')
    .optional(),
  description: videoDescriptionSchema.default(''),
  // Free text from the form, used only when the file's own duration cannot be read.
  duration: z.string().trim().max(32, 'Duration is at most 32 characters').optional(),
});

export const updateVideoFieldsSchema = z
  .object({ title: videoTitleSchema.optional(), description: videoDescriptionSchema.optional() })
  .strict();

export const videoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  videoFile: z.string(),
  thumbnail: z.string(),
  duration: z.number(),
  views: z.number().int(),
  likesCount: z.number().int(),
  owner: publicUserSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** `GET /videos?q=`: the words to look for in titles and descriptions (docs/api.md, "Search"). */
export const videoSearchSchema = z.object({
  q: z.string().trim().max(200, 'Search at most 200 characters').optional(),
});

export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const ID_PARAM_MAX = 64;
