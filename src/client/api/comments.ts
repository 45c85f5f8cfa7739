import useSWR from 'swr';
import type { Comment } from '../../shared/contracts/comments.ts';
import type { Paged } from '../../shared/contracts/pagination.ts';
import type { CacheChange } from '../../shared/outbox/kinds.ts';
import { rereadPaths } from './cache-keys.ts';
import { prependItem, removeItem } from './cache.ts';
import { commentsApi } from '../../shared/endpoints/comments.ts';

/** One page of a video's comments, newest first (docs/product.md, "Videos"). */
export function useComments(videoId: string, page: number, limit: number) {
  return useSWR<Paged<Comment>>(commentsApi.list.path({ videoId }, { page, limit }), {
    keepPreviousData: true,
  });
}

/**
 * A delivered comment goes on top of its video's first page at once; a deleted one leaves every
 * page. Those pages are then read again, so that the page keeps its size and its count.
 */
export function commentDelivered(change: Extract<CacheChange, { noun: 'comment' }>): void {
  const path = commentsApi.list.path({ videoId: change.videoId });
  const isThisList = (p: string) => p === path;
  if ('added' in change) prependItem(isThisList, change.added);
  else removeItem(isThisList, change.removed);
  rereadPaths(isThisList);
}
