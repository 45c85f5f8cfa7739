import useSWR from 'swr';
import type { Video } from '../../shared/contracts/videos.ts';
import { VIDEOS_PAGE_SIZE } from '../../shared/first-reads.ts';
import { useCurrentUser } from '../lib/session.tsx';
import { usePagedList } from '../lib/use-paged-list.ts';

/** One video (docs/api.md, "Videos, comments, tweets"). */
export const videoKey = (videoId: string) => `/videos/v/${videoId}`;

export function useVideo(videoId: string) {
  return useSWR<Video>(videoKey(videoId));
}

/** Its renditions are being made (docs/api.md, "Renditions"). */
export const isProcessing = (video: Video) =>
  video.processing.state === 'queued' || video.processing.state === 'running';

/**
 * `video` as it is now: while its owner watches its renditions being made, read again every few
 * seconds ("Processing 40%"), so the new qualities appear when they are done. Nobody else polls.
 */
export function useLiveVideo(video: Video): Video {
  const me = useCurrentUser();
  const watching = me?._id === video.owner._id && isProcessing(video);
  const { data } = useSWR<Video>(watching ? videoKey(video._id) : null, {
    refreshInterval: (latest) => (latest && !isProcessing(latest) ? 0 : 3000),
  });
  return data && data._id === video._id ? data : video;
}

/**
 * Every video, newest first; or one user's, when `ownerId` is given. A list holding the viewer's
 * own videos that are still being processed is read again until they are done.
 */
export function useVideoList(ownerId?: string) {
  const me = useCurrentUser();
  return usePagedList<Video>(
    ownerId === undefined ? '/videos' : `/videos/${ownerId}`,
    VIDEOS_PAGE_SIZE,
    (videos) => videos.some((v) => v.owner._id === me?._id && isProcessing(v)),
  );
}

/**
 * "Search videos": those matching every word of `q`, best match first (docs/api.md, "Search");
 * an empty `q` is the plain list, under the plain list's own key.
 */
export function useVideoSearch(q: string) {
  return usePagedList<Video>(q ? `/videos?q=${encodeURIComponent(q)}` : '/videos', VIDEOS_PAGE_SIZE);
}
