import { useSyncExternalStore } from 'react';
import { NetworkError } from '../../lib/api-client.ts';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a connection, kept current. */
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

/**
 * The line a tweet screen shows in place of an error page when the connection is gone: what is
 * on this device is still shown, and writes wait in the outbox.
 */
export function OfflineNote({ children }: { children?: string }) {
  return (
    <p className="tweets-offline" role="status">
      <strong>You are offline.</strong>{' '}
      {children ?? 'New tweets, edits and likes are kept on this device and sent when you are back online.'}
    </p>
  );
}
