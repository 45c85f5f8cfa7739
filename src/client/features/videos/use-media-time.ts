import { useCallback, useSyncExternalStore } from 'react';

const EVENTS = ['timeupdate', 'seeked', 'loadedmetadata', 'emptied'] as const;

/**
 * Where `media` is now, in seconds, following it as it plays and seeks. Only the component that
 * asks renders again (a transcript, the chapters), not the whole player, four times a second.
 */
export function useMediaTime(media: HTMLMediaElement | null): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!media) return () => undefined;
      for (const name of EVENTS) media.addEventListener(name, listener);
      return () => {
        for (const name of EVENTS) media.removeEventListener(name, listener);
      };
    },
    [media],
  );
  const read = () => media?.currentTime ?? 0;
  return useSyncExternalStore(subscribe, read, () => 0);
}

/** The index of the last of `starts` (rising) at or before `time`; -1 before the first. */
export function indexAt(starts: readonly number[], time: number): number {
  let found = -1;
  for (let i = 0; i < starts.length; i++) {
    if ((starts[i] ?? Infinity) <= time) found = i;
    else break;
  }
  return found;
}
