import { z } from 'zod';
import { emailSchema, fullNameSchema, passwordSchema } from './user-fields.ts';

const text = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
  });

export {
  emailSchema,
  fullNameSchema,
  passwordSchema,
  registerFieldsSchema,
  usernameSchema,
  type RegisterFields,
} from './user-fields.ts';

export const loginSchema = z
  .object({
    username: z.string().trim().max(254).optional(),
    email: z.string().trim().max(254).optional(),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  })
  .refine((v) => Boolean(v.username || v.email), {
    message: 'Username or email is required',
    path: ['username'],
  });
export type LoginInput = z.infer<typeof loginSchema>;

/** The refresh token may come in the body or, from a browser, only as a cookie (no body at all). */
export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(512).optional() }).nullish();

export const updateAccountSchema = z
  .object({ fullName: z.optional(fullNameSchema), email: z.optional(emailSchema) })
  .refine((v) => v.fullName !== undefined || v.email !== undefined, {
    message: 'Send a full name, an email or both',
  });
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

export const changePasswordSchema = z.object({
  oldPassword: text('Old password').min(1, 'Old password is required').max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const addHistorySchema = z.object({
  videoId: text('videoId').min(1, 'videoId is required').max(64),
});

/** A user as anybody may see them (docs/api.md, "People"). */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string(),
  coverImage: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own view of themselves. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string(),
  createdAt: z.string(),
  watchHistory: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const sessionTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

export const loginResultSchema = sessionTokensSchema.extend({ user: currentUserSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const channelProfileSchema = publicUserSchema.extend({
  email: z.string(),
  createdAt: z.string(),
  subscribersCount: z.number().int(),
  channelsSubscribedToCount: z.number().int(),
  isSubscribed: z.boolean(),
});
export type ChannelProfile = z.infer<typeof channelProfileSchema>;

export const historyVideoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  videoFile: z.string(),
  duration: z.number(),
  views: z.number().int(),
  createdAt: z.string(),
  watchedAt: z.string(),
  owner: z.object({ _id: z.string(), username: z.string(), fullName: z.string(), avatar: z.string() }),
});
export type HistoryVideo = z.infer<typeof historyVideoSchema>;

/** Upload limits and accepted kinds, shown to users and enforced by the server. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
