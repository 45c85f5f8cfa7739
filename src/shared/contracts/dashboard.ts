import { z } from 'zod';

export const channelStatsSchema = z.object({
  totalVideos: z.number().int(),
  totalSubscribers: z.number().int(),
  totalLikes: z.number().int(),
  totalViews: z.number().int(),
});
export type ChannelStats = z.infer<typeof channelStatsSchema>;
