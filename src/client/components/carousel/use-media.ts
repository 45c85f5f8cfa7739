import { useSyncExternalStore } from 'react';

/*
 * Chromium lays the page out again whenever window.innerWidth is read after the DOM changed, and
 * useSyncExternalStore reads its snapshot during React's commit as well as its render: with the
 * width read there, every carousel forced a full layout of the page in the middle of the first
 * render. So the width is read once, kept, and read again only after a resize event (when the
 * browser has laid the page out anyway) or when no carousel has been on show in between.
 */
let width: number | undefined;
const widthListeners = new Set<() => void>();

const onResize = () => {
  width = undefined;
  for (const listener of widthListeners) listener();
};

const subscribeWidth = (onChange: () => void) => {
  if (widthListeners.size === 0) window.addEventListener('resize', onResize);
  widthListeners.add(onChange);
  return () => {
    widthListeners.delete(onChange);
    if (widthListeners.size > 0) return;
    window.removeEventListener('resize', onResize);
    width = undefined;
  };
};

const readWidth = () => (width ??= window.innerWidth);

/**
 * The width a page rendered at build time is laid out for (scripts/vite/app-shell.ts): a phone's,
 * the device most students open it on; the app renders again at the real width when it starts.
 */
export const PRERENDER_WIDTH = 412;
const prerenderWidth = () => PRERENDER_WIDTH;

/** The window's width in CSS pixels (what media queries compare against), kept current. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribeWidth, readWidth, prerenderWidth);
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

const subscribeReducedMotion = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(reducedMotionQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** Whether the user asked the system for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}
