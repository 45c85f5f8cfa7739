let last = 0;

/**
 * The time rows are stamped with: the wall clock, but never the same millisecond twice in this
 * process. Lists are ordered newest first by (created_at, id), and ids are random: two comments
 * posted in one millisecond would otherwise come back in either order. Under a burst of more
 * than a thousand writes a second the stamps run ahead of the wall clock by the excess, and
 * catch up when the burst ends.
 */
export function monotonicNow(): Date {
  const now = Math.max(Date.now(), last + 1);
  last = now;
  return new Date(now);
}
