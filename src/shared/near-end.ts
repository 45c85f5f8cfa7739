/**
 * A position this near the end counts as finished: the last 5% or the last 30 seconds, whichever
 * is longer, but never more than the second half (a two-minute lesson is not done at 1:31).
 * Apart from contracts/progress.ts (which re-exports it) so that the player can say it without
 * loading zod.
 */
export function isNearEnd(position: number, duration: number): boolean {
  if (duration <= 0) return true;
  const tail = Math.min(Math.max(duration * 0.05, 30), duration / 2);
  return position >= duration - tail;
}
