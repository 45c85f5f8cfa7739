import type { Paged } from '../contracts/pagination.ts';
import type { ChannelItem, SubscriberItem, SubscriptionState } from '../contracts/subscriptions.ts';
import { endpoint } from '../endpoint.ts';

/** Subscriptions to channels (docs/api.md, "Likes, subscriptions, stats"). */
export const subscriptionsApi = {
  toggle: endpoint<SubscriptionState>()('POST', '/subscriptions/c/:channelId'),
  subscribers: endpoint<Paged<SubscriberItem>>()('GET', '/subscriptions/c/:channelId'),
  channels: endpoint<Paged<ChannelItem>>()('GET', '/subscriptions/u/:userId'),
};
