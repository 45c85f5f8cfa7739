import './outbox.css';
import type { OutboxEntry } from '../../shared/outbox/model.ts';
import { serverText } from '../i18n/server-messages.ts';
import { t } from '../i18n/i18n.ts';

/** "Pending" until the server has it; "Not sent" with the server's reason if it was refused. */
export function PendingMark({ entry }: { entry: OutboxEntry | undefined }) {
  if (!entry) return null;
  if (entry.state === 'failed') {
    return (
      <span className="pending-mark failed" role="status" title={serverText(entry.error ?? '')}>
        {t('outbox.state.failed', { error: serverText(entry.error ?? '') })}
      </span>
    );
  }
  return (
    <span className="pending-mark" role="status" title={t('pending.title')}>
      {t('pending.label')}
    </span>
  );
}
