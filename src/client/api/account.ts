import useSWR from 'swr';
import type { ChannelStats } from '../../shared/contracts/dashboard.ts';
import type { ChannelItem, SubscriberItem } from '../../shared/contracts/subscriptions.ts';
import type { CurrentUser, HistoryVideo, UpdateAccountInput } from '../../shared/contracts/users.ts';
import type { ApiClient, UploadOptions } from '../lib/api-client.ts';
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

// The account's writes, online only: each answers as the server does, or throws its ApiError.

/** Creates an account from the register form (its files included), reporting upload progress. */
export const registerAccount = (api: ApiClient, form: FormData, onProgress?: (fraction: number) => void) =>
  api.postForm<CurrentUser>('/users/register', form, { onProgress });

/** Changes the signed-in student's name and e-mail; answers the account as it now is. */
export const updateAccount = (api: ApiClient, fields: UpdateAccountInput) =>
  api.patch<CurrentUser>('/users/update-account', fields);

export const changePassword = (api: ApiClient, passwords: { oldPassword: string; newPassword: string }) =>
  api.post<unknown>('/users/change-password', passwords);

const imagePaths = { avatar: '/users/avatar', coverImage: '/users/cover-image' } as const;

/** Replaces the avatar or the cover image with the form's file; answers the account. */
export const replaceImage = (
  api: ApiClient,
  kind: keyof typeof imagePaths,
  form: FormData,
  options: Pick<UploadOptions, 'signal' | 'onProgress'>,
) => api.postForm<CurrentUser>(imagePaths[kind], form, { method: 'PATCH', ...options });

/** Adds a video to the watch history: best effort, never queued (a view is not worth it offline). */
export const addToHistory = (api: ApiClient, videoId: string) =>
  api.post<unknown>('/users/addhistory', { videoId });
