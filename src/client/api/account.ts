import useSWR from 'swr';
import type { ChannelStats } from '../../shared/contracts/dashboard.ts';
import type { ChannelItem, SubscriberItem } from '../../shared/contracts/subscriptions.ts';
import type { HistoryVideo } from '../../shared/contracts/users.ts';
import { usePagedList } from './paged-list.ts';

/** What the signed-in student's own screens read (docs/product.md, "The student's account"). */

/** The channel's totals: videos, subscribers, likes. */
export function useChannelStats(userId: string) {
  return useSWR<ChannelStats>(`/dashboard/stats/${userId}`);
}

/** Watched videos, most recent first. */
export function useWatchHistory() {
  return usePagedList<HistoryVideo>('/users/history');
}

/** The people subscribed to the student's channel. */
export function useSubscribers(userId: string) {
  return usePagedList<SubscriberItem>(`/subscriptions/c/${userId}`);
}

/** The channels the student follows. */
export function useSubscriptions(userId: string) {
  return usePagedList<ChannelItem>(`/subscriptions/u/${userId}`);
}
