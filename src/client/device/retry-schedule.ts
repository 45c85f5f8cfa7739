import { retryWaitMs } from '../../shared/retry.ts';

/** Waits before the next try after a failure: about 5 s, 10 s, 20 s, 40 s, then every 60 s. */
const FIRST_WAIT_MS = 5_000;

/**
 * The next tries of work that failed for want of a network (uploads and downloads:
 * docs/offline.md): one timer per item, and a wait that grows with each failure in a row.
 */
export class RetrySchedule {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly failures = new Map<string, number>();

  /** `random` is for tests; each wait is spread by it (shared/retry.ts), as the outbox's are. */
  constructor(private readonly random: () => number = Math.random) {}

  /** Counts a failure of `id`, and runs `retry` after the next wait; answers that wait (ms). */
  later(id: string, retry: () => void): number {
    const attempt = this.failures.get(id) ?? 0;
    this.failures.set(id, attempt + 1);
    const wait = retryWaitMs(attempt + 1, FIRST_WAIT_MS, this.random);
    this.cancel(id);
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        retry();
      }, wait),
    );
    return wait;
  }

  /** The next try, if one is waiting, will not happen. */
  cancel(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** The work went through (or was started by hand): the next failure waits the least again. */
  succeeded(id: string): void {
    this.failures.delete(id);
  }
}
