import { useSyncExternalStore } from 'react';

/**
 * A choice of the player's kept on the device, as the quality is (quality.ts): the same for every
 * video, and followed by a player already on screen when it changes in this page or another tab.
 */
function rememberedChoice(key: string) {
  const listeners = new Set<() => void>();
  const read = (): string | undefined => {
    try {
      return localStorage.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const subscribe = (listener: () => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    listeners.add(listener);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    read,
    remember(value: string): void {
      try {
        localStorage.setItem(key, value);
      } catch {
        // Storage refused (private mode): the choice lasts for this page only.
      }
      for (const listener of listeners) listener();
    },
    use: (): string | undefined => useSyncExternalStore(subscribe, read, () => undefined),
  };
}

export const CAPTIONS_KEY = 'eduportal-captions';
export const SPEED_KEY = 'eduportal-speed';

/** "Off", kept as a choice of its own: a student who turned captions off keeps them off. */
export const CAPTIONS_OFF = 'off';

const captions = rememberedChoice(CAPTIONS_KEY);
const speed = rememberedChoice(SPEED_KEY);

/** Captions are remembered by language (BCP 47), so the next video's track in it shows too. */
export const rememberCaptions = (language: string): void => captions.remember(language);
export const useLastCaptions = (): string | undefined => captions.use();

/**
 * The track a video's captions start with: the remembered language's, or one in the same
 * language of another region ("hi" for "hi-IN"); none when Off was chosen or nothing was.
 */
export function captionsFor<T extends { language: string }>(
  tracks: readonly T[],
  last: string | undefined,
): T | undefined {
  if (!last || last === CAPTIONS_OFF) return undefined;
  const base = (tag: string) => tag.toLowerCase().split('-')[0];
  return (
    tracks.find((t) => t.language.toLowerCase() === last.toLowerCase()) ??
    tracks.find((t) => base(t.language) === base(last))
  );
}

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

export const rememberSpeed = (rate: number): void => speed.remember(String(rate));

/** The remembered speed, when it is one the player offers; else 1×. */
export function useSpeed(): number {
  const rate = Number(speed.use());
  return (SPEEDS as readonly number[]).includes(rate) ? rate : 1;
}
