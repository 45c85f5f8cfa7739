import useSWRInfinite from 'swr/infinite';
import type { Paged } from '../../shared/contracts/pagination.ts';

const REFRESH_MS = 4000;

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
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Paged<T>>(
    (index: number, previous: Paged<T> | null) => {
      if (path === null || (previous && !previous.hasNextPage)) return null;
      return `${path}${path.includes('?') ? '&' : '?'}page=${index + 1}&limit=${limit}`;
    },
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
