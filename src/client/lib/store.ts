import { useSyncExternalStore } from 'react';

/**
 * A value outside React that components follow: set it from anywhere (a service worker event,
 * an API answer, a timer), and every component reading it renders again.
 */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The store's value, or `select` of it, kept current. `select` must return the same value for
 * the same state (a number, a field): a new object each time would re-render without end.
 */
export function useStore<T, S = T>(
  store: Pick<Store<T>, 'get' | 'subscribe'>,
  select: (value: T) => S = (v) => v as unknown as S,
): S {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
