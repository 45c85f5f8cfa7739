import { createStore, useStore } from './store.ts';

/** A new version of the app, installed and waiting; `apply` reloads into it. */
export interface WaitingUpdate {
  apply(): void;
}

const waiting = createStore<WaitingUpdate | null>(null);

/** Called by the service worker registration when a new version is waiting. */
export function announceUpdate(update: WaitingUpdate | null): void {
  waiting.set(update);
}

export function useWaitingUpdate(): WaitingUpdate | null {
  return useStore(waiting);
}
