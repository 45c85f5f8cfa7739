import type { EmblaOptionsType } from 'embla-carousel';
import type { AutoplayOptionsType } from 'embla-carousel-autoplay';

/** The carousels' constants (docs/product.md, "What changes on screen, and when"). */
export const carouselTiming = {
  autoplayDelayMs: 3000,
  transitionMs: 400,
  minimumDragPx: 80,
} as const;

/**
 * Embla's `duration` is not in milliseconds: its scroll is a damped spring stepped at 60 Hz.
 * 18 brings a slide change to 99% of its travel in 400 ms (tests/e2e/marketing.e2e.ts measures
 * it in Chromium); 0 makes the change instant.
 */
export const emblaDurationFor400Ms = 18;

/** From `minWidth` (CSS px, inclusive) upwards, show `items` slides at once. */
export interface Breakpoint {
  minWidth: number;
  items: number;
}

/** How many slides fit at a window width: the widest breakpoint whose minWidth is reached. */
export function itemsPerView(width: number, breakpoints: readonly Breakpoint[]): number {
  let best: Breakpoint | undefined;
  for (const bp of breakpoints) {
    if (width >= bp.minWidth && (!best || bp.minWidth > best.minWidth)) best = bp;
  }
  return best?.items ?? 1;
}

/** Embla's options: an endless loop, one slide per step, no animation for reduced motion. */
export function carouselOptions({ reducedMotion }: { reducedMotion: boolean }): EmblaOptionsType {
  return {
    loop: true,
    align: 'start',
    slidesToScroll: 1,
    duration: reducedMotion ? 0 : emblaDurationFor400Ms,
  };
}

/**
 * Autoplay starts stopped and is played and paused by the carousel itself (see carousel.tsx),
 * which knows about hover, focus, the pause button and reduced motion; the plugin only keeps
 * the clock and stops at the first touch or click on the slides.
 */
export function autoplayOptions(): AutoplayOptionsType {
  return {
    delay: carouselTiming.autoplayDelayMs,
    playOnInit: false,
    stopOnInteraction: true,
    stopOnFocusIn: false,
    stopOnMouseEnter: false,
  };
}
