/**
 * `load` made at most once at a time and kept once it succeeded; a failure is forgotten, so the
 * next call asks again (a file that did not come on a dropped connection may come now).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
