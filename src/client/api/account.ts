import useSWR from 'swr';
import type { ChannelItem, SubscriberItem } from '../../shared/contracts/subscriptions.ts';
import type { CurrentUser, HistoryVideo, UpdateAccountInput } from '../../shared/contracts/users.ts';
import type { ApiClient, UploadOptions } from '../lib/api-client.ts';
import { usePagedList } from './paged-list.ts';
import type { AnswerOf } from '../../shared/endpoint.ts';
import { siteApi } from '../../shared/endpoints/site.ts';
import { subscriptionsApi } from '../../shared/endpoints/subscriptions.ts';
import { usersApi } from '../../shared/endpoints/users.ts';

/** What the signed-in student's own screens read (docs/product.md, "The student's account"). */

/** The channel's totals: videos, subscribers, likes. */
export function useChannelStats(userId: string) {
  return useSWR<AnswerOf<typeof siteApi.stats>>(siteApi.stats.path({ channelId: userId }));
}

/** Watched videos, most recent first. */
export function useWatchHistory() {
  return usePagedList<HistoryVideo>(usersApi.history.path());
}

/** The people subscribed to the student's channel. */
export function useSubscribers(userId: string) {
  return usePagedList<SubscriberItem>(subscriptionsApi.subscribers.path({ channelId: userId }));
}

/** The channels the student follows. */
export function useSubscriptions(userId: string) {
  return usePagedList<ChannelItem>(subscriptionsApi.channels.path({ userId }));
}

// The account's writes, online only: each answers as the server does, or throws its ApiError.

/** Creates an account from the register form (its files included), reporting upload progress. */
export const registerAccount = (api: ApiClient, form: FormData, onProgress?: (fraction: number) => void) =>
  api.postForm<AnswerOf<typeof usersApi.register>>(usersApi.register.path(), form, { onProgress });

/** Changes the signed-in student's name and e-mail; answers the account as it now is. */
export const updateAccount = (api: ApiClient, fields: UpdateAccountInput) =>
  api.patch<AnswerOf<typeof usersApi.updateAccount>>(usersApi.updateAccount.path(), fields);

export const changePassword = (api: ApiClient, passwords: { oldPassword: string; newPassword: string }) =>
  api.post<AnswerOf<typeof usersApi.changePassword>>(usersApi.changePassword.path(), passwords);

const imageEndpoints = { avatar: usersApi.avatar, coverImage: usersApi.coverImage } as const;

/** Replaces the avatar or the cover image with the form's file; answers the account. */
export const replaceImage = (
  api: ApiClient,
  kind: keyof typeof imageEndpoints,
  form: FormData,
  options: Pick<UploadOptions, 'signal' | 'onProgress'>,
) =>
  api.postForm<CurrentUser>(imageEndpoints[kind].path(), form, {
    method: imageEndpoints[kind].method,
    ...options,
  });

/** Adds a video to the watch history: best effort, never queued (a view is not worth it offline). */
export const addToHistory = (api: ApiClient, videoId: string) =>
  api.post<AnswerOf<typeof usersApi.addHistory>>(usersApi.addHistory.path(), { videoId });
