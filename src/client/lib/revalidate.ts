import { mutate } from 'swr';

type Match = (path: string) => boolean;
const listeners = new Set<(match: Match) => void>();

/**
 * Re-reads every SWR key whose /api/v1 path matches. SWR's filtered mutate skips useSWRInfinite
 * keys, so paged lists also listen here (see use-paged-list.ts) and re-read themselves.
 */
export function revalidatePaths(match: Match): void {
  void mutate((key) => typeof key === 'string' && match(key));
  for (const listener of listeners) listener(match);
}

export function onRevalidate(listener: (match: Match) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
