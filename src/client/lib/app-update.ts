import { useSyncExternalStore } from 'react';

/** A new version of the app, installed and waiting; `apply` reloads into it. */
export interface WaitingUpdate {
  apply(): void;
}

let waiting: WaitingUpdate | null = null;
const listeners = new Set<() => void>();

/** Called by the service worker registration when a new version is waiting. */
export function announceUpdate(update: WaitingUpdate | null): void {
  waiting = update;
  for (const listener of listeners) listener();
}

export function useWaitingUpdate(): WaitingUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => null,
  );
}
