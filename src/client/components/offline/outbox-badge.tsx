import { Link } from '@tanstack/react-router';
import { useOutboxEntries } from '../../lib/outbox-react.tsx';

/**
 * The number of the user's actions still waiting to reach the server, linking to the outbox
 * screen; "!" marks one the server refused. Loaded apart from the first screen's code, since it
 * brings IndexedDB with it.
 */
export default function OutboxBadge() {
  const entries = useOutboxEntries();
  const failed = entries.some((e) => e.state === 'failed');
  const label =
    entries.length === 0
      ? 'Outbox: nothing waiting'
      : `Outbox: ${entries.length} waiting${failed ? ', some not sent' : ''}`;
  return (
    <Link to="/outbox" className={failed ? 'outbox-badge failed' : 'outbox-badge'} aria-label={label}>
      Outbox
      {entries.length > 0 ? (
        <span className="outbox-count" aria-hidden="true">
          {entries.length}
        </span>
      ) : null}
    </Link>
  );
}
