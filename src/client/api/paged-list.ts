import { useSWRConfig } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import type { Paged } from '../../shared/contracts/pagination.ts';
import { rememberPagedList } from './cache-keys.ts';

const REFRESH_MS = 4000;

/** The key of a list's page: `/videos?q=x` and page 2 of 20 -> `/videos?q=x&page=2&limit=20`. */
const pageKey = (path: string, page: number, limit: number): string =>
  `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`;

/**
 * A paged /api/v1 list read page by page ("Show more"), through the app's SWR fetcher.
 * `path` null waits (for example until the user's id is known).
 */
export function usePagedList<T>(
  path: string | null,
  limit = 20,
  /** Read the list again every few seconds while this holds of its items (a video being processed). */
  refreshWhile?: (items: T[]) => boolean,
) {
  const getKey = (index: number, previous: Paged<T> | null) => {
    if (path === null || (previous && !previous.hasNextPage)) return null;
    return pageKey(path, index + 1, limit);
  };
  const { cache } = useSWRConfig();
  if (path !== null) {
    // SWR keeps a list's pages under a key of its own making; the app learns it from SWR's public
    // serializer and notes which first page it belongs to, so the cache helpers can find the
    // list's pages by path without knowing how SWR spells that key.
    const firstPage = pageKey(path, 1, limit);
    const pagesKey = unstable_serialize(getKey);
    rememberPagedList(cache, pagesKey, firstPage);
    // A first page the server sent inside the document (first reads) is cached under its own
    // key; the list starts from it instead of showing "Loading" over data it already has.
    const seeded = cache.get(firstPage)?.data as Paged<T> | undefined;
    if (cache.get(pagesKey) === undefined && seeded && Array.isArray(seeded.docs)) {
      cache.set(pagesKey, { data: [seeded], isLoading: false, isValidating: false });
    }
  }
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Paged<T>>(
    getKey,
    // The first page is read again whenever the list is shown or grows: with it off, a list
    // opened again kept showing its cached first page, however old.
    {
      revalidateFirstPage: true,
      refreshInterval: (pages: Paged<T>[] | undefined) =>
        refreshWhile && pages && refreshWhile(pages.flatMap((page) => page.docs)) ? REFRESH_MS : 0,
    },
  );
  const pages = data ?? [];
  const last = pages.at(-1);
  return {
    items: pages.flatMap((page) => page.docs),
    /** The first page as the server sent it, for what a list says beside its items. */
    firstPage: pages[0],
    error: error as unknown,
    isLoading,
    hasMore: last?.hasNextPage ?? false,
    loadingMore: size > pages.length && !isLoading,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
}

/** What a paged list hook answers. */
export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
