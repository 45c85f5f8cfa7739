import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { forgetSavedCopies, useOldestSavedCopy } from '../../lib/saved-copies.ts';
import { locale, t } from '../../i18n/i18n.ts';

/** "14:05" today, "12 Nov, 14:05" on another day. */
export function savedAtLabel(savedAt: number, now = Date.now()): string {
  const sameDay = new Date(savedAt).toDateString() === new Date(now).toDateString();
  const format = new Intl.DateTimeFormat(locale(), {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  });
  return format.format(savedAt);
}

/**
 * Above every screen: says when what is shown is a copy saved on this device rather than fresh
 * from the server, and from when (the oldest of the screen's reads). It goes once fresh data
 * has replaced the copies (the lists read again when the connection returns).
 */
export function SavedCopyNotice() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => forgetSavedCopies(), [pathname]);
  const savedAt = useOldestSavedCopy();
  if (savedAt === null) return null;
  return (
    <p className="saved-copy-notice" role="status">
      <strong>{t('savedCopy.offline')}</strong> {t('savedCopy.showing')}{' '}
      <time dateTime={new Date(savedAt).toISOString()}>{savedAtLabel(savedAt)}</time>
      {t('savedCopy.end')}
    </p>
  );
}
