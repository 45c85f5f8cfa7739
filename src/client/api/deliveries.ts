import { kindOf, type CacheChange } from '../../shared/outbox/kinds.ts';
import type { OutboxEntry } from '../../shared/outbox/model.ts';
import { subscriptionDelivered } from './channels.ts';
import { commentDelivered } from './comments.ts';
import { likeDelivered } from './likes.ts';
import { tweetDelivered } from './tweets.ts';

/** Writes one change a delivered action made into the cache, through its noun's api file. */
function apply(change: CacheChange): void {
  switch (change.noun) {
    case 'like':
      return likeDelivered(change);
    case 'subscription':
      return subscriptionDelivered(change);
    case 'comment':
      return commentDelivered(change);
    case 'tweet':
      return tweetDelivered(change);
  }
}

/**
 * An outbox entry reached the server: what it changed is written into SWR's cache from the
 * server's answer, before the entry leaves the queue, so that no screen shows both the waiting
 * entry and the server's copy, or neither. `changes` come from the drain (its descriptor, with
 * offline references resolved); a worker of an earlier version sends none, and they are derived.
 */
export function cacheDelivery(entry: OutboxEntry, data: unknown, changes?: CacheChange[]): void {
  const list = changes ?? kindOf(entry.action).changes(entry.action, data, (ref) => ref);
  list.forEach(apply);
}
