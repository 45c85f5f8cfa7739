import { useState } from 'react';
import { t } from '../../i18n/i18n.ts';
import { localFlag } from '../../lib/local-flag.ts';

const seen = localFlag('eduportal.secure-origin-notice-seen');

/**
 * Said once on a device, on a page served over plain http from an address other than localhost
 * (a school server on its network): the browser gives such a page no service worker, so nothing
 * is kept for offline use, though everything works while online (docs/deploy.md, "https").
 */
export function SecureOriginNotice() {
  const [open, setOpen] = useState(
    () => typeof window !== 'undefined' && window.isSecureContext === false && !seen.isSet(),
  );
  if (!open) return null;
  return (
    <div className="secure-origin-notice" role="status">
      <p>{t('insecure.notice')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          seen.set(true);
          setOpen(false);
        }}
      >
        {t('insecure.dismiss')}
      </button>
    </div>
  );
}
