/**
 * The cache keys of paged lists, as the app met them: SWR keeps a list read page by page under
 * one key of its own (the pages together), and these maps say which list's first page each such
 * key belongs to, per cache (the browser's one, or one per screen the server renders). The cache
 * helpers (cache.ts) read them to tell a list's pages from a plain read.
 */
const firstPages = new WeakMap<object, Map<string, string>>();

export function rememberPagedList(cache: object, pagesKey: string, firstPageKey: string): void {
  let lists = firstPages.get(cache);
  if (!lists) firstPages.set(cache, (lists = new Map()));
  if (lists.get(pagesKey) !== firstPageKey) lists.set(pagesKey, firstPageKey);
}

/** The first page's key of the list whose pages live under `key`, or undefined for a plain key. */
export const firstPageOf = (cache: object, key: string): string | undefined =>
  firstPages.get(cache)?.get(key);
