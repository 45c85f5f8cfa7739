import { createStore, useStore } from './store.ts';
import { usersApi } from '../../shared/endpoints/users.ts';

// Which reads of the open screen were answered from a copy saved on this device (offline), and
// when that copy was saved: the layout says "Offline: showing what was saved at ..." from this.
// The current user is read on every page; it says nothing about the screen's own data.
const IGNORED = new Set([usersApi.currentUser.path()]);
const copies = new Map<string, number>();
/**
 * How many mounted parts of the screen show each read: a plain read by its key, a list read page
 * by page as `list:` and the list's key (`listOf`: every page of it). A copy counts only while a part shows it: a
 * part taken off the screen (a video's 404 unmounts its comments) is not read again, and its
 * mark kept the notice up for good.
 */
const readers = new Map<string, number>();
/** When the oldest saved copy on show was saved (epoch ms), or null when all is fresh. */
const oldest = createStore<number | null>(null);

const pathOnly = (key: string) => key.split('?')[0] ?? key;

/**
 * The list a page's key belongs to: the key without its `page` and `limit`, so that
 * `/videos?q=maths&page=2&limit=20` is a page of `/videos?q=maths`, and not of `/videos`.
 */
export function listOf(key: string): string {
  const at = key.indexOf('?');
  if (at < 0) return key;
  const query = new URLSearchParams(key.slice(at + 1));
  query.delete('page');
  query.delete('limit');
  const rest = query.toString();
  return rest ? `${key.slice(0, at)}?${rest}` : key.slice(0, at);
}

const onShow = (key: string) => (readers.get(key) ?? 0) > 0 || (readers.get(`list:${listOf(key)}`) ?? 0) > 0;

function changed() {
  let next: number | null = null;
  for (const [key, savedAt] of copies) {
    if (onShow(key)) next = next === null ? savedAt : Math.min(next, savedAt);
  }
  oldest.set(next);
}

/** A part of the screen shows `reader` (a read's key, or `list:` and a paged list's key). */
export function readerShown(reader: string): () => void {
  readers.set(reader, (readers.get(reader) ?? 0) + 1);
  changed();
  return () => {
    const left = (readers.get(reader) ?? 1) - 1;
    if (left > 0) readers.set(reader, left);
    else readers.delete(reader);
    changed();
  };
}

/**
 * A read finished: from a saved copy (`savedAt`, ISO) or fresh from the server (null). A refusal
 * from the server (a 404 for something deleted meanwhile) is fresh too: it is no saved copy.
 */
export function noteRead(path: string, savedAt: string | null): void {
  if (IGNORED.has(path)) return;
  const time = savedAt ? Date.parse(savedAt) : Number.NaN;
  if (Number.isFinite(time)) copies.set(path, time);
  else copies.delete(path);
  changed();
}

/**
 * The API paths (no query) of the reads on show that came from a saved copy: what to read again
 * once the connection is back.
 */
export function savedCopyPaths(): Set<string> {
  return new Set([...copies.keys()].filter(onShow).map(pathOnly));
}

/** Another screen opened: the notice follows its reads from now on. */
export function forgetSavedCopies(): void {
  copies.clear();
  changed();
}

export function useOldestSavedCopy(): number | null {
  return useStore(oldest);
}
