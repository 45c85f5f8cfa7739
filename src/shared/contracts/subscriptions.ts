import { z } from 'zod';
import { publicUserSchema } from './users.ts';

export const subscriptionSetSchema = z
  .object({ subscribed: z.boolean({ error: 'subscribed must be true or false' }) })
  .strict()
  .nullish();

export const subscriptionStateSchema = z.object({
  subscribed: z.boolean(),
  subscribersCount: z.number().int(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** A person in a subscriptions list: the public user plus e-mail and join date (docs/product.md, "People and channels"). */
export const subscriptionPersonSchema = publicUserSchema.extend({ email: z.string(), createdAt: z.string() });

export const subscriberItemSchema = z.object({
  _id: z.string(),
  subscribedAt: z.string(),
  subscriber: subscriptionPersonSchema,
});
export const channelItemSchema = z.object({
  _id: z.string(),
  subscribedAt: z.string(),
  channel: subscriptionPersonSchema,
});
export type SubscriberItem = z.infer<typeof subscriberItemSchema>;
export type ChannelItem = z.infer<typeof channelItemSchema>;
