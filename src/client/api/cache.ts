import { mutate, SWRConfig } from 'swr';
import type { Paged } from '../../shared/contracts/pagination.ts';
import { keysWhere, split } from './cache-keys.ts';

// The app uses SWR's default cache, which the global `mutate` writes too; its keys are walked
// by cache-keys.ts, which a screen's first file can load without these helpers.
const { cache } = SWRConfig.defaultValue;

/**
 * Writes `value` under `key` without reading it again: a delivered write's answer is the truth,
 * and SWR drops any read of the key that started before it. A key still being read for the first
 * time has nothing to change yet: it is read again, so that the read in flight (which may predate
 * the write) is dropped for a new one.
 */
export function writeKey<T>(key: string, value: T | ((current: T | undefined) => T | undefined)): void {
  if (typeof value === 'function' && cache.get(key)?.data === undefined) {
    void mutate(key);
    return;
  }
  void mutate(key, value, { revalidate: false });
}

/** Changes the value of every plain (not paged page by page) key whose path matches. */
export function updateKeys<T>(match: (path: string) => boolean, update: (current: T) => T): void {
  for (const key of keysWhere(match)) {
    if (!split(key).infinite)
      writeKey<T>(key, (current) => (current === undefined ? current : update(current)));
  }
}

/**
 * Changes every cached page of the lists whose path matches: `page` gets each page and whether
 * it is the first, and returns it changed (or the same object when nothing changed). Plain
 * pages (`?page=2`) and paged lists read page by page are both changed, so neither is read again.
 */
export function updatePages<T>(
  match: (path: string) => boolean,
  page: (current: Paged<T>, first: boolean) => Paged<T>,
): void {
  for (const key of keysWhere(match)) {
    const { query, infinite } = split(key);
    if (infinite) {
      writeKey<Array<Paged<T>>>(key, (pages) => pages?.map((p, i) => page(p, i === 0)));
    } else {
      writeKey<Paged<T>>(key, (current) =>
        current && Array.isArray(current.docs) ? page(current, (query.get('page') ?? '1') === '1') : current,
      );
    }
  }
}

/** Changes the items of `id` in every cached page of the matching lists. */
export function updateItems<T extends { _id: string }>(
  match: (path: string) => boolean,
  id: string,
  update: (item: T) => T,
): void {
  updatePages<T>(match, (page) =>
    page.docs.some((item) => item._id === id)
      ? { ...page, docs: page.docs.map((item) => (item._id === id ? update(item) : item)) }
      : page,
  );
}

/** Removes the item `id` from every cached page of the matching lists. */
export function removeItem<T extends { _id: string }>(match: (path: string) => boolean, id: string): void {
  updatePages<T>(match, (page) =>
    page.docs.some((item) => item._id === id)
      ? {
          ...page,
          docs: page.docs.filter((item) => item._id !== id),
          totalDocs: Math.max(0, page.totalDocs - 1),
        }
      : page,
  );
}

/** Puts `item` on top of the first page of the matching lists (newest first), once. */
export function prependItem<T extends { _id: string }>(match: (path: string) => boolean, item: T): void {
  updatePages<T>(match, (page, first) =>
    first && !page.docs.some((d) => d._id === item._id)
      ? { ...page, docs: [item, ...page.docs], totalDocs: page.totalDocs + 1 }
      : page,
  );
}
