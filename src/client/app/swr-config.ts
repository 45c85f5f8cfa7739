import type { SWRConfiguration } from 'swr';
import { ApiError, type ApiClient } from '../lib/api-client.ts';

/**
 * SWR settings for weak connections: a key is a /api/v1 path; refusals (4xx) are final and not
 * retried, while network and server failures are retried with SWR's backoff, a few times only.
 */
export function swrConfig(client: ApiClient): SWRConfiguration {
  return {
    fetcher: (path: string) => client.get(path),
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
    dedupingInterval: 5000,
    errorRetryCount: 3,
    shouldRetryOnError: (err: unknown) => !(err instanceof ApiError && err.status < 500),
  };
}
