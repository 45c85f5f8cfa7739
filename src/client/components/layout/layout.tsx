import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { SavedCopyNotice } from '../offline/saved-copy-notice.tsx';
import { UpdatePrompt } from '../offline/update-prompt.tsx';
import '../offline/offline.css';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';
import { t } from '../../i18n/i18n.ts';

// Loaded only where it can show: a page served over plain http from a network address. Every
// other page would carry its code for nothing (the route budgets of `npm run size`).
const SecureOriginNotice =
  typeof window !== 'undefined' && window.isSecureContext === false
    ? lazy(() =>
        import('../offline/secure-origin-notice.tsx').then(
          (m) => ({ default: m.SecureOriginNotice }),
          // A notice that could not be fetched (the connection dropped) is left out, not an error.
          () => ({ default: () => null }),
        ),
      )
    : () => null;

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <TopBar />
      <UpdatePrompt />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <SecureOriginNotice />
        </Suspense>
        <SavedCopyNotice />
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
