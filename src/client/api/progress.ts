import useSWR from 'swr';
import type { Progress, RecentProgress } from '../../shared/contracts/progress.ts';
import type { CacheChange } from '../../shared/outbox/kinds.ts';
import { coursesApi } from '../../shared/endpoints/courses.ts';
import { progressApi } from '../../shared/endpoints/progress.ts';
import { keysWhere, rereadPaths, split } from './cache-keys.ts';
import { writeKey } from './cache.ts';

/** The student's place in one video, as the server keeps it (docs/api.md, "Progress"). */
export const progressKey = (videoId: string) => progressApi.byVideos.path({ videoIds: videoId });

/**
 * Where the signed-in student is in a video on the server (on any of their devices): `progress`
 * is null when they have never watched it there, undefined until known or when not asked
 * (`enabled` false: signed out or offline, where only the device's copy counts); `waiting` while
 * the answer (or the failure to get one) has not come.
 */
export function useServerProgress(
  videoId: string,
  enabled: boolean,
): { progress: Progress | null | undefined; waiting: boolean } {
  const { data, error } = useSWR<Progress[]>(enabled ? progressKey(videoId) : null, {
    revalidateOnFocus: false,
  });
  if (!enabled) return { progress: undefined, waiting: false };
  return {
    progress: data === undefined ? undefined : (data.find((p) => p.videoId === videoId) ?? null),
    waiting: data === undefined && error === undefined,
  };
}

const later = (a: Progress, b: Progress) => (Date.parse(b.at) >= Date.parse(a.at) ? b : a);

/**
 * A delivered place: every cached `GET /progress?videoIds=` that names its video holds the
 * server's answer (the later of the two, should a read have brought a newer one meanwhile); the
 * lists built from places (recent ones; a course's finished lessons) are read again.
 */
export function progressDelivered(change: Extract<CacheChange, { noun: 'progress' }>): void {
  const { progress } = change;
  for (const key of keysWhere(progressApi.byVideos.matches)) {
    const ids = (split(key).query.get('videoIds') ?? '').split(',');
    if (!ids.includes(progress.videoId)) continue;
    writeKey<Progress[] | undefined>(key, (current) => {
      if (!current) return current;
      const known = current.find((p) => p.videoId === progress.videoId);
      return known ? current.map((p) => (p === known ? later(known, progress) : p)) : [...current, progress];
    });
  }
  rereadPaths(progressApi.recent.matches);
  // A finished lesson changes its course's count; a place alone only where to continue.
  if (progress.completed) {
    rereadPaths((path) => coursesApi.enrolled.matches(path) || coursesApi.one.matches(path));
  }
}

/** The latest places the student was, newest first: "Continue learning". */
export function useRecentProgress(signedIn: boolean) {
  return useSWR<RecentProgress[]>(signedIn ? progressApi.recent.path() : null);
}
