import { plural, t } from '../../i18n/i18n.ts';
import { useOutboxEntries } from '../../device/outbox/outbox-react.tsx';
import { AppLink } from '../navigation.tsx';

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
      ? t('outboxBadge.empty')
      : plural(failed ? 'outboxBadge.waitingFailed' : 'outboxBadge.waiting', entries.length);
  return (
    <AppLink to="/outbox" className={failed ? 'outbox-badge failed' : 'outbox-badge'} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M4 13h4l1.5 2.5h5L16 13h4M4 13l2.5-7h11L20 13v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="outbox-label">{t('outboxBadge.name')}</span>
      {entries.length > 0 ? (
        <span className="outbox-count" aria-hidden="true">
          {entries.length}
        </span>
      ) : null}
    </AppLink>
  );
}
