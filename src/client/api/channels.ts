import useSWR from 'swr';
import type { CacheChange } from '../../shared/outbox/kinds.ts';
import type { ChannelProfile } from '../../shared/contracts/users.ts';
import { rereadPaths } from './cache-keys.ts';
import { updateKeys } from './cache.ts';
import { siteApi } from '../../shared/endpoints/site.ts';
import { subscriptionsApi } from '../../shared/endpoints/subscriptions.ts';
import { usersApi } from '../../shared/endpoints/users.ts';

/** A channel's profile, by username (docs/api.md, "People"). */
export function useChannelProfile(username: string) {
  return useSWR<ChannelProfile>(usersApi.channel.path({ username }));
}

/** Changes a shown profile in place (a subscribe button's answer), or reads it again. */
export type ProfileMutator = ReturnType<typeof useChannelProfile>['mutate'];

/**
 * A delivered subscription: the channel's cached profiles take the server's state at once; the
 * lists of channels followed and the channel's stats are read again (only the server knows them).
 */
export function subscriptionDelivered(change: Extract<CacheChange, { noun: 'subscription' }>): void {
  const { channelId, state } = change;
  if (state) {
    updateKeys<ChannelProfile>(usersApi.channel.matches, (profile) =>
      profile._id === channelId
        ? { ...profile, isSubscribed: state.subscribed, subscribersCount: state.subscribersCount }
        : profile,
    );
  }
  rereadPaths(
    (path) =>
      subscriptionsApi.channels.matches(path) ||
      path === subscriptionsApi.subscribers.path({ channelId }) ||
      path === siteApi.stats.path({ channelId }) ||
      (!state && usersApi.channel.matches(path)),
  );
}
