import { t } from '../../i18n/i18n.ts';
/**
 * The line a tweet screen shows in place of an error page when the connection is gone: what is
 * on this device is still shown, and writes wait in the outbox.
 */
export function OfflineNote({ children }: { children?: string }) {
  return (
    <p className="tweets-offline" role="status">
      <strong>{t('tweets.offline')}</strong> {children ?? t('tweets.offlineNote')}
    </p>
  );
}
