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
