import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { rereadPaths } from '../../api/cache-keys.ts';
import { forgetSavedCopies, savedCopyPaths, useOldestSavedCopy } from '../../lib/saved-copies.ts';
import { useSession } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';
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
 * While the browser says it is online and the screen still shows saved copies, their reads are
 * made again, sooner first, until fresh data replaces them. The `online` event comes before the
 * network is usable more often than not (Chromium tells the page before its service worker can
 * fetch; a phone's Wi-Fi is up before its address is): the read made at that moment is answered
 * from the saved copy again, and with no other read the notice and the old data stayed for good.
 */
function useReadAgainWhileSaved(showingSaved: boolean) {
  const online = useOnline();
  const { session, state } = useSession();
  // The signed-in user from this device's copy: their name, avatar and the like are old too.
  const userFromDevice = state.status === 'signed-in' && state.offline === true;
  const stale = showingSaved || userFromDevice;
  useEffect(() => {
    if (!online || !stale) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      // 1 s, doubling to 30 s.
      timer = setTimeout(
        () => {
          // A hidden tab reads at the first of these after it is shown again.
          if (document.visibilityState === 'visible') {
            const paths = savedCopyPaths();
            rereadPaths((path) => paths.has(path));
            void session.recheck();
          }
          next();
        },
        Math.min(1000 * 2 ** attempt++, 30_000),
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [online, stale, session]);
}

/**
 * Above every screen: says when what is shown is a copy saved on this device rather than fresh
 * from the server, and from when (the oldest of the screen's reads). It goes once fresh data
 * has replaced the copies (read again when the connection returns, and again until they are).
 */
export function SavedCopyNotice() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => forgetSavedCopies(), [pathname]);
  const savedAt = useOldestSavedCopy();
  useReadAgainWhileSaved(savedAt !== null);
  if (savedAt === null) return null;
  return (
    <p className="saved-copy-notice" role="status">
      <strong>{t('savedCopy.offline')}</strong> {t('savedCopy.showing')}{' '}
      <time dateTime={new Date(savedAt).toISOString()}>{savedAtLabel(savedAt)}</time>
      {t('savedCopy.end')}
    </p>
  );
}
