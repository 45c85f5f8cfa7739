import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetrySchedule } from '../../src/client/device/retry-schedule.ts';
import { backoffMs } from '../../src/shared/outbox/drain.ts';

describe('the waits before an upload or a download is tried again', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('grow with each failure in a row, each spread over ±20%, and start again after a success', () => {
    const low = new RetrySchedule(() => 0);
    const high = new RetrySchedule(() => 0.999_999);
    const waits = (schedule: RetrySchedule) =>
      [1, 2, 3, 4, 5, 6].map(() => schedule.later('u1', () => undefined));
    expect(waits(low)).toEqual([4_000, 8_000, 16_000, 32_000, 48_000, 48_000]);
    expect(waits(high)).toEqual([6_000, 12_000, 24_000, 48_000, 72_000, 72_000]);
    low.succeeded('u1');
    expect(low.later('u1', () => undefined)).toBe(4_000);
  });

  it('spreads a classroom of phones instead of trying them all in the same second', () => {
    // Thirty phones whose upload failed when the school's link went down, each with its own dice.
    const waits = Array.from({ length: 30 }, () => new RetrySchedule().later('upload', () => undefined));
    expect(new Set(waits).size).toBeGreaterThan(20);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(4_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(6_000);
  });

  it('tries again after the wait it answered, once', () => {
    const schedule = new RetrySchedule(() => 0.5);
    const retry = vi.fn();
    const wait = schedule.later('d1', retry);
    expect(wait).toBe(5_000);
    vi.advanceTimersByTime(4_999);
    expect(retry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);
    schedule.later('d1', retry);
    schedule.cancel('d1');
    vi.advanceTimersByTime(60_000);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('spreads the outbox waits the same way', () => {
    expect([backoffMs(1, () => 0), backoffMs(1, () => 0.999_999)]).toEqual([800, 1_200]);
    expect(backoffMs(20, () => 0.5)).toBe(60_000);
  });
});
