import { describe, expect, it } from 'vitest';
import { monotonicNow } from '../../src/server/clock.ts';

describe('the clock rows are stamped with', () => {
  it('never gives one millisecond twice, so "newest first" keeps the order things were made in', () => {
    const stamps = Array.from({ length: 2000 }, () => monotonicNow().getTime());
    for (let i = 1; i < stamps.length; i += 1) expect(stamps[i]).toBeGreaterThan(stamps[i - 1]!);
    // A burst runs ahead of the wall clock by at most its excess over one stamp a millisecond.
    expect(stamps.at(-1)! - Date.now()).toBeLessThanOrEqual(2000);
  });
});
