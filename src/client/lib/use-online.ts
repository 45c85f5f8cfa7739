import { useSyncExternalStore } from 'react';
import { NetworkError } from './api-client.ts';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a connection (it can be wrong one way: "online" with no route out). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A read that failed for want of a connection, not because the server refused it. */
export const isOffline = (error: unknown) =>
  error instanceof NetworkError || (typeof navigator !== 'undefined' && !navigator.onLine);
