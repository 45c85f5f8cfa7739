/** How long the page must have asked for nothing before its background work may start. */
export const QUIET_MS = 2000;
/** The mark the page leaves when it became idle (the journeys read it). */
export const PAGE_IDLE_MARK = 'eduportal:page-idle';

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** When the page's last request ended (its own files, pictures and reads), in performance time. */
const lastRequestEnd = () =>
  Math.max(
    0,
    ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) => entry.responseEnd,
    ),
  );

const idleCallback = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 0);
  });

/**
 * Resolves when the first visit is done with the network and the main thread: after the load
 * event, once no request of the page has ended for QUIET_MS (the screen's reads and pictures come
 * after load, from the code), and the browser has an idle moment. A request still open is not seen
 * until it ends; at worst the work starts beside it, as before.
 */
export async function whenPageIdle(): Promise<void> {
  await loaded();
  for (;;) {
    const quietFor = performance.now() - lastRequestEnd();
    if (quietFor >= QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS - quietFor));
  }
  await idleCallback();
  performance.mark(PAGE_IDLE_MARK);
}
