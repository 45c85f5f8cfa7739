import { isNearEnd } from '../../../shared/near-end.ts';

/** Where a student was in a video, and when (the device's time, ISO): the later place wins. */
export interface Place {
  position: number;
  completed: boolean;
  at: string;
}

// One localStorage item per student and video: written synchronously, so a place saved as the
// page goes away (pagehide) is kept, offline too; IndexedDB's writes may not finish by then.
const PREFIX = 'eduportal-place';
const keyOf = (owner: string | undefined, videoId: string) => `${PREFIX}:${owner ?? ''}:${videoId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage switched off (some private modes): places last for this page only
  }
}

const isPlace = (value: unknown): value is Place => {
  const p = value as Partial<Place> | null;
  return (
    typeof p?.position === 'number' &&
    Number.isFinite(p.position) &&
    typeof p.completed === 'boolean' &&
    typeof p.at === 'string' &&
    !Number.isNaN(Date.parse(p.at))
  );
};

/** The place this device keeps for the student (undefined: signed out) in the video. */
export function readPlace(owner: string | undefined, videoId: string): Place | undefined {
  const raw = storage()?.getItem(keyOf(owner, videoId));
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (isPlace(value)) return value;
  } catch {
    // not JSON: as if nothing were kept
  }
  return undefined;
}

/** Keeps a place on the device, unless a later one is kept already (another tab, a clock). */
export function keepPlace(owner: string | undefined, videoId: string, place: Place): void {
  const kept = readPlace(owner, videoId);
  if (kept && Date.parse(kept.at) > Date.parse(place.at)) return;
  try {
    storage()?.setItem(
      keyOf(owner, videoId),
      JSON.stringify({ position: place.position, completed: place.completed, at: place.at }),
    );
  } catch {
    // A full storage costs the resume on this device only; the server still gets the place.
  }
}

/** The later of places (by `at`); undefined when there is none. */
export function latestPlace(...places: Array<Place | null | undefined>): Place | undefined {
  return places.reduce<Place | undefined>(
    (best, p) => (p && (!best || Date.parse(p.at) > Date.parse(best.at)) ? p : best),
    undefined,
  );
}

/**
 * Where the video starts: the latest place, unless the video was finished there (completed or
 * near the end: docs/product-additions.md, "Resume"), which starts it from 0 again.
 */
export function startPosition(place: Place | undefined, duration: number): number {
  if (!place || place.completed || place.position <= 0) return 0;
  if (duration > 0 && isNearEnd(place.position, duration)) return 0;
  return duration > 0 ? Math.min(place.position, duration) : place.position;
}
