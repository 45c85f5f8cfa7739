import { useRef } from 'react';
import useSWR from 'swr';
import type { Video, VideoPage } from '../../shared/contracts/videos.ts';
import { VIDEOS_PAGE_SIZE } from '../../shared/first-reads.ts';
import { ApiError, type ApiClient } from '../lib/api-client.ts';
import { useCurrentUser } from '../lib/session.tsx';
import { usePagedList } from './paged-list.ts';
import type { AnswerOf } from '../../shared/endpoint.ts';
import { videosApi } from '../../shared/endpoints/videos.ts';

/** One video (docs/api.md, "Videos, comments, tweets"). */
export const videoKey = (videoId: string) => videosApi.one.path({ videoId });

export function useVideo(videoId: string) {
  return useSWR<Video>(videoKey(videoId));
}

/** Its renditions are being made (docs/api.md, "Renditions"). */
export const isProcessing = (video: Video) =>
  video.processing.state === 'queued' || video.processing.state === 'running';

/** How long a student watching another's video waits for its smaller copies, reading again. */
const VIEWER_WAIT_MS = 20 * 60_000;
const OWNER_EVERY_MS = 3000;
const VIEWER_EVERY_MS = 10_000;

/**
 * `video` as it is now, read from the server by its own address even when it was chosen from a
 * list: that read is what the service worker saves, so a video seen once opens offline at
 * /videos/{id}. `gone` when the server says it no longer exists (deleted meanwhile).
 *
 * While its renditions are made, it is read again: every 3 s for its owner ("Processing 40%"),
 * every 10 s for anyone else, for 20 minutes at most and never with data saver on, only while
 * the page is shown (SWR does not refresh a hidden page), so that the smaller copies appear
 * without polling for ever or for every viewer of every list.
 */
export function useLiveVideo(video: Video, { dataSaver = false } = {}): { video: Video; gone: boolean } {
  const me = useCurrentUser();
  const owner = me?._id === video.owner._id;
  const started = useRef<{ id: string; at: number } | null>(null);
  const { data, error } = useSWR<Video>(videoKey(video._id), {
    fallbackData: video,
    refreshInterval: (latest) => {
      if (!isProcessing(latest ?? video)) return 0;
      if (owner) return OWNER_EVERY_MS;
      if (dataSaver) return 0;
      if (started.current?.id !== video._id) started.current = { id: video._id, at: Date.now() };
      return Date.now() - started.current.at < VIEWER_WAIT_MS ? VIEWER_EVERY_MS : 0;
    },
  });
  return {
    video: data && data._id === video._id ? data : video,
    gone: error instanceof ApiError && error.status === 404,
  };
}

/**
 * Every video, newest first; or one user's, when `ownerId` is given. A list holding the viewer's
 * own videos that are still being processed is read again until they are done.
 */
export function useVideoList(ownerId?: string) {
  const me = useCurrentUser();
  return usePagedList<Video>(
    ownerId === undefined ? videosApi.list.path() : videosApi.byOwner.path({ userId: ownerId }),
    VIDEOS_PAGE_SIZE,
    (videos) => videos.some((v) => v.owner._id === me?._id && isProcessing(v)),
  );
}

/**
 * "Search videos": those matching every word of `q`, best match first, or those of the
 * corrected query named by `suggestion` (docs/api.md, "Search"); an empty `q` is the plain list,
 * under the plain list's own key.
 */
export function useVideoSearch(q: string) {
  const list = usePagedList<Video>(videosApi.list.path({ q }), VIDEOS_PAGE_SIZE);
  // When nothing matched as typed, the videos of the corrected query, which the first page names.
  const suggestion = q ? (list.firstPage as VideoPage | undefined)?.suggestion : undefined;
  return { ...list, suggestion };
}

// A video's writes from its owner's screens, online only.

/** Deletes one of the owner's videos, with its files, comments and likes. */
export const deleteVideo = (api: ApiClient, videoId: string) =>
  api.delete<AnswerOf<typeof videosApi.remove>>(videosApi.remove.path({ videoId }));

/** Changes title, description and, when the form has one, the thumbnail; answers the video. */
export const updateVideo = (api: ApiClient, videoId: string, form: FormData) =>
  api.postForm<AnswerOf<typeof videosApi.update>>(videosApi.update.path({ videoId }), form, {
    method: videosApi.update.method,
  });
