import useSWR from 'swr';
import type { Video } from '../../shared/contracts/videos.ts';
import { usePagedList } from '../lib/use-paged-list.ts';

const VIDEOS_PAGE_SIZE = 12;
/** One video (docs/api.md, "Videos, comments, tweets"). */
export const videoKey = (videoId: string) => `/videos/v/${videoId}`;

export function useVideo(videoId: string) {
  return useSWR<Video>(videoKey(videoId));
}

/** Every video, newest first; or one user's, when `ownerId` is given. */
export function useVideoList(ownerId?: string) {
  return usePagedList<Video>(ownerId === undefined ? '/videos' : `/videos/${ownerId}`, VIDEOS_PAGE_SIZE);
}

/**
 * "Search videos": those matching every word of `q`, best match first (docs/api.md, "Search");
 * an empty `q` is the plain list, under the plain list's own key.
 */
export function useVideoSearch(q: string) {
  return usePagedList<Video>(q ? `/videos?q=${encodeURIComponent(q)}` : '/videos', VIDEOS_PAGE_SIZE);
}
