import { z } from 'zod';
import { captionSchema } from './captions.ts';
import { pagedSchema } from './pagination.ts';
import { quizSummarySchema } from './quiz.ts';
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

/** The copies of a video a student can choose from (docs/api.md, "Renditions"). */
export const RENDITION_QUALITIES = ['144p', '240p', '360p', 'audio', 'original'] as const;
export type RenditionQuality = (typeof RENDITION_QUALITIES)[number];

export const renditionSchema = z.object({
  quality: z.enum(RENDITION_QUALITIES),
  url: z.string(),
  /** Exactly what a full download of `url` costs. */
  bytes: z.number().int(),
  mimeType: z.string(),
  /** The picture's height in pixels; null for audio, or for an original not yet probed. */
  height: z.number().int().nullable(),
  /** Bits per second over the whole file; null when the duration is unknown. */
  bitrate: z.number().int().nullable(),
});
export type Rendition = z.infer<typeof renditionSchema>;

export const PROCESSING_STATES = ['queued', 'running', 'done', 'failed', 'unavailable'] as const;
export const processingSchema = z.object({
  state: z.enum(PROCESSING_STATES),
  progress: z.number().int().min(0).max(100),
});
export type Processing = z.infer<typeof processingSchema>;

/** A chapter read from the description (src/shared/chapters.ts): `start` in seconds. */
export const chapterSchema = z.object({ start: z.number(), title: z.string() });

/**
 * The signed-in viewer's place in a video (docs/api.md, "Progress"): seconds from the start, and
 * whether they finished it; null signed out, or before they watched it.
 */
export const videoProgressSchema = z.object({ position: z.number(), completed: z.boolean() }).nullable();
export type VideoProgress = z.infer<typeof videoProgressSchema>;

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
  /** Smallest first, the original last. */
  renditions: z.array(renditionSchema),
  processing: processingSchema,
  /** Its caption tracks, by language tag (docs/api.md, "Captions and chapters"). */
  captions: z.array(captionSchema),
  /** Read from the description: none, or two or more, the first at 0, times rising. */
  chapters: z.array(chapterSchema),
  /**
   * Its practice quiz: how many questions, and the signed-in viewer's best score (docs/api.md,
   * "Practice"); null when it has none.
   */
  quiz: quizSummarySchema,
  /** Where the signed-in viewer is in it; null signed out or never watched. */
  progress: videoProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** `GET /videos?q=`: the words to look for in titles and descriptions (docs/api.md, "Search"). */
export const videoSearchSchema = z.object({
  q: z.string().trim().max(200, 'Search at most 200 characters').optional(),
});

/**
 * A page of `GET /videos`; after a search that found nothing as typed, `suggestion` is the
 * corrected query whose videos the page lists ("Showing results for …").
 */
export const videoPageSchema = pagedSchema(videoSchema).extend({ suggestion: z.string().optional() });
export type VideoPage = z.infer<typeof videoPageSchema>;

export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const ID_PARAM_MAX = 64;
