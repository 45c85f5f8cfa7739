import { mutate, SWRConfig } from 'swr';

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
  lists.set(pagesKey, firstPageKey);
}

/** The first page's key of the list whose pages live under `key`, or undefined for a plain key. */
export const firstPageOf = (cache: object, key: string): string | undefined =>
  firstPages.get(cache)?.get(key);

// SWR's cache, keyed by /api/v1 paths. A paged list read page by page (useSWRInfinite) lives
// under a key of SWR's making that holds an array of pages (the map above says whose); SWR's
// filtered mutate skips those keys, so the helpers below walk the cache's keys themselves.

// The app uses SWR's default cache, which the global `mutate` writes too.
const { cache } = SWRConfig.defaultValue;

/** A key's path and query: `/comments/v1?page=1&limit=10` -> `/comments/v1`, `page=1&limit=10`. */
export function split(key: string): { path: string; query: URLSearchParams; infinite: boolean } {
  const first = firstPageOf(cache, key);
  const infinite = first !== undefined;
  const bare = first ?? key;
  const at = bare.indexOf('?');
  return {
    path: at < 0 ? bare : bare.slice(0, at),
    query: new URLSearchParams(at < 0 ? '' : bare.slice(at + 1)),
    infinite,
  };
}

/** The /api/v1 path an SWR key reads, paged lists' keys included. */
export const pathOf = (key: string): string => split(key).path;

export function keysWhere(match: (path: string) => boolean): string[] {
  return [...cache.keys()].filter((key) => typeof key === 'string' && match(split(key).path));
}

/** Reads again every key whose path matches exactly (paged lists included). */
export function rereadPaths(match: (path: string) => boolean): void {
  for (const key of keysWhere(match)) void mutate(key);
}

/** Reads everything on screen again: for a change whose reach is not known. */
export function rereadAll(): void {
  void mutate(() => true);
}
