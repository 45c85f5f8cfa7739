import useSWR from 'swr';
import type { LikeKind, LikeState } from '../../shared/contracts/likes.ts';
import type { CacheChange } from '../../shared/outbox/kinds.ts';
import type { LikedVideo } from '../../shared/contracts/likes.ts';
import { usePagedList } from './paged-list.ts';
import { rereadPaths } from './cache-keys.ts';
import { updateItems, updateKeys, writeKey } from './cache.ts';
import { videoKey } from './videos.ts';
import { commentsApi } from '../../shared/endpoints/comments.ts';
import { likesApi } from '../../shared/endpoints/likes.ts';
import { tweetsApi } from '../../shared/endpoints/tweets.ts';
import { videosApi } from '../../shared/endpoints/videos.ts';

/** The like state of one video, comment or tweet (docs/api.md, "Likes, subscriptions, stats"). */
export const likeKey = (target: LikeKind, targetId: string) =>
  likesApi.state.path({ kind: target, id: targetId });

/**
 * The server's like state. `initial` is what a list item already carries, so a list does not
 * ask the server once per item; without it the state is read.
 */
export function useLikeState(target: LikeKind, targetId: string, initial?: LikeState) {
  return useSWR<LikeState>(likeKey(target, targetId), {
    fallbackData: initial,
    revalidateOnMount: initial === undefined,
  });
}

/** The videos the student liked, most recent like first. */
export function useLikedVideos() {
  return usePagedList<LikedVideo>(likesApi.videos.path());
}

/** The lists whose items carry a like state, by target. */
const listsOf: Record<LikeKind, (path: string) => boolean> = {
  v: (path) => videosApi.list.matches(path) || videosApi.byOwner.matches(path),
  c: commentsApi.list.matches,
  t: (path) => tweetsApi.list.matches(path) || tweetsApi.byUser.matches(path),
};

/** A delivered like: its state, and the count on every cached list item of its target. */
export function likeDelivered(change: Extract<CacheChange, { noun: 'like' }>): void {
  const { target, targetId, state } = change;
  writeKey(likeKey(target, targetId), state);
  updateItems<{ _id: string; liked?: boolean; likesCount?: number }>(listsOf[target], targetId, (item) => ({
    ...item,
    ...('liked' in item ? { liked: state.liked } : {}),
    likesCount: state.likesCount,
  }));
  if (target === 'v') {
    updateKeys<{ likesCount: number }>(
      (path) => path === videoKey(targetId),
      (video) => ({ ...video, likesCount: state.likesCount }),
    );
  }
  // My Likes lists the liked videos themselves: only the server can say where one goes.
  if (target === 'v') rereadPaths(likesApi.videos.matches);
}
