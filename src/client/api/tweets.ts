import useSWR, { useSWRConfig } from 'swr';
import type { Paged } from '../../shared/contracts/pagination.ts';
import type { Tweet } from '../../shared/contracts/tweets.ts';
import type { CacheChange } from '../../shared/outbox/kinds.ts';
import { usePagedList } from './paged-list.ts';
import { pathOf } from './cache-keys.ts';
import { prependItem, removeItem, updateItems, updateKeys } from './cache.ts';
import { tweetsApi } from '../../shared/endpoints/tweets.ts';

export const TWEETS_PAGE_SIZE = 20;
/** Everyone's tweets, newest first. */
export const allTweetsPath = tweetsApi.list.path();
/** One user's tweets, newest first. */
export const userTweetsPath = (userId: string) => tweetsApi.byUser.path({ userId });
const tweetPath = (tweetId: string) => tweetsApi.one.path({ tweetId });
const isTweetList = (path: string) => tweetsApi.list.matches(path) || tweetsApi.byUser.matches(path);

/** A paged tweet list; `path` null waits (your id unknown while offline). */
export function useTweetList(path: string | null) {
  return usePagedList<Tweet>(path, TWEETS_PAGE_SIZE);
}

/**
 * One tweet from the server; while it is being read (or offline), the copy any tweet list on
 * this device already holds, so a tweet opened from My Tweets can be edited with no connection.
 */
export function useTweet(id: string) {
  const { cache } = useSWRConfig();
  return useSWR<Tweet>(tweetPath(id), { fallbackData: cachedTweet(cache, id) });
}

function cachedTweet(cache: ReturnType<typeof useSWRConfig>['cache'], id: string): Tweet | undefined {
  for (const key of cache.keys()) {
    if (!isTweetList(pathOf(key))) continue;
    const data: unknown = cache.get(key)?.data;
    const pages = (Array.isArray(data) ? data : [data]) as Array<Partial<Paged<Tweet>> | undefined>;
    for (const page of pages) {
      const found = Array.isArray(page?.docs) ? page.docs.find((t) => t._id === id) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A delivered tweet change, written into every cached tweet list at once (no list is read
 * again): a new tweet on top of everyone's list and its author's, an edit in place, a delete out.
 */
export function tweetDelivered(change: Extract<CacheChange, { noun: 'tweet' }>): void {
  if ('added' in change) {
    const author = userTweetsPath(change.added.owner._id);
    prependItem<Tweet>((path) => path === allTweetsPath || path === author, change.added);
  } else if ('updated' in change) {
    const tweet = change.updated;
    updateItems<Tweet>(isTweetList, tweet._id, (t) => (tweet.updatedAt >= t.updatedAt ? tweet : t));
    updateKeys<Tweet>(
      (path) => path === tweetPath(tweet._id),
      () => tweet,
    );
  } else {
    removeItem<Tweet>(isTweetList, change.removed);
  }
}
