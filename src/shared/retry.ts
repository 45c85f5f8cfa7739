/**
 * A wait spread over ±20% of `ms`: when a school's Wi-Fi comes back, the phones that were waiting
 * on it try again over a few seconds instead of all in the same instant, which a small server
 * (and the access point) would take as one burst.
 */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}

/** Waits never grow past a minute: a student back on the network is not kept waiting longer. */
const RETRY_CAP_MS = 60_000;

/**
 * The one retry schedule of the device's work (outbox, uploads, downloads): the wait before try
 * `attempt` + 1 after `attempt` failures in a row doubles from `firstMs` up to a minute, spread
 * by `withJitter`. The outbox starts at a second (its requests are small); uploads and downloads
 * at five (each try sends or fetches megabytes).
 */
export function retryWaitMs(attempt: number, firstMs: number, random: () => number = Math.random): number {
  return withJitter(Math.min(RETRY_CAP_MS, firstMs * 2 ** Math.max(0, attempt - 1)), random);
}
