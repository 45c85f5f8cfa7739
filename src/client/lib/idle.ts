/**
 * Runs `run` in a task of its own once the browser has nothing more urgent to do (at the latest
 * after `timeoutMs`), or at once where there is no requestIdleCallback (jsdom). Returns a cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
