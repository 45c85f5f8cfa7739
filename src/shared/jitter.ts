/**
 * A wait spread over ±20% of `ms`: when a school's Wi-Fi comes back, the phones that were waiting
 * on it try again over a few seconds instead of all in the same instant, which a small server
 * (and the access point) would take as one burst.
 */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}
