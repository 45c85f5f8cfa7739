import './outbox.css';
import type { OutboxEntry } from '../../shared/outbox/model.ts';

/** "Pending" until the server has it; "Not sent" with the server's reason if it was refused. */
export function PendingMark({ entry }: { entry: OutboxEntry | undefined }) {
  if (!entry) return null;
  if (entry.state === 'failed') {
    return (
      <span className="pending-mark failed" role="status" title={entry.error}>
        Not sent: {entry.error}
      </span>
    );
  }
  return (
    <span
      className="pending-mark"
      role="status"
      title="Saved on this device; it will be sent when the connection allows"
    >
      Pending
    </span>
  );
}
