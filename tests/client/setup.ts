import { cleanup } from '@testing-library/react';
import { unload } from 'swr';
import { afterEach } from 'vitest';
import { enScreens } from '../../src/client/i18n/en-screens.ts';
import { addScreenWords } from '../../src/client/i18n/i18n.ts';

// The app loads the screens' English words with each screen; a test renders a screen directly.
addScreenWords(enScreens);

afterEach(async () => {
  cleanup();
  // SWR's cache is global: without this, a list read (or still being read) by one test would be
  // handed to the next. `unload` empties it, paged lists included, and discards reads in flight.
  await unload({ revalidate: false });
  // The app remembers the last signed-in user on the device; each test starts on a fresh one.
  localStorage.clear();
});

// jsdom lays nothing out, so it has no ResizeObserver, IntersectionObserver or matchMedia; the
// carousels (Embla) need them to exist. These do nothing, which is what jsdom's geometry is.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
// Nor does it scroll: choosing a video scrolls its player into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
