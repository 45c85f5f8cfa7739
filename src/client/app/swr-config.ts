import { useEffect } from 'react';
import type { Middleware, SWRConfiguration } from 'swr';
import { ApiError, type ApiClient } from '../lib/api-client.ts';
import { listOf, readerShown } from '../lib/saved-copies.ts';

/**
 * Every read on show is read again the moment the connection returns, never folded into a read
 * of a moment ago: SWR's own reconnect revalidation dedupes onto any request of the last
 * `dedupingInterval`, and a screen opened offline (answered from the saved copy) kept showing a
 * video deleted meanwhile for seconds after the connection came back. A bound
 * `mutate()` drops that marker and reads again; on a paged list, every page it shows.
 */
const readAgainOnReconnect: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const swr = useSWRNext(key, fetcher, config);
  const { mutate } = swr;
  // A hook that turns revalidateOnReconnect off keeps it off.
  const wanted = key !== null && config.revalidateOnReconnect !== false;
  useEffect(() => {
    if (!wanted) return;
    const readAgain = () => void mutate();
    window.addEventListener('online', readAgain);
    return () => window.removeEventListener('online', readAgain);
  }, [wanted, mutate]);
  return swr;
};

/**
 * Tells the saved-copy notice which reads a mounted part of the screen shows (a plain read by its
 * key; a list read page by page, whose key here is its page function, by its first page's key
 * without the page),
 * so that it speaks only of those.
 */
const followReaders: Middleware = (useSWRNext) => (key, fetcher, config) => {
  let reader: string | null = null;
  if (typeof key === 'string') reader = key;
  else if (typeof key === 'function') {
    // The app's only function keys are paged lists' (usePagedList): page 1's key names the list.
    try {
      const first: unknown = (key as (index: number, previous: null) => unknown)(0, null);
      if (typeof first === 'string') reader = `list:${listOf(first)}`;
    } catch {
      // A key that cannot be made yet reads nothing yet, for SWR too.
    }
  }
  useEffect(() => (reader === null ? undefined : readerShown(reader)), [reader]);
  return useSWRNext(key, fetcher, config);
};

/**
 * SWR settings for weak connections (and data saver): a key is a /api/v1 path; refusals (4xx) are final and not
 * retried, while network and server failures are retried with SWR's backoff, a few times only.
 */
export function swrConfig(client: ApiClient, { dataSaver = false } = {}): SWRConfiguration {
  return {
    fetcher: (path: string) => client.get(path),
    // With data saver on, nothing is read again in the background (docs/product.md, "Settings"):
    // a screen reads when it opens, and when the student pulls it again.
    revalidateOnFocus: !dataSaver,
    // readAgainOnReconnect reads first, at the event; SWR's own read, a moment later, joins it.
    revalidateOnReconnect: !dataSaver,
    use: [followReaders, readAgainOnReconnect],
    dedupingInterval: 5000,
    errorRetryCount: 3,
    shouldRetryOnError: (err: unknown) => !(err instanceof ApiError && err.status < 500),
  };
}
