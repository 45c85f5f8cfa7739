import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/i18n.ts';
import { useOnline } from '../../lib/use-online.ts';

/**
 * The top bar's connection indicator: "Offline" while there is no connection, "Back online"
 * for a few seconds after it returns; nothing the rest of the time.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const [backOnline, setBackOnline] = useState(false);
  const wasOnline = useRef(online);
  useEffect(() => {
    const returned = online && !wasOnline.current;
    wasOnline.current = online;
    if (!returned) {
      setBackOnline(false);
      return;
    }
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), 4000);
    return () => clearTimeout(timer);
  }, [online]);
  return (
    <span className="connection-status" aria-live="polite">
      {online ? (
        backOnline ? (
          <span className="connection-chip online">{t('connection.back')}</span>
        ) : null
      ) : (
        <span className="connection-chip offline">{t('connection.offline')}</span>
      )}
    </span>
  );
}
