import { lazy, Suspense, type ReactNode } from 'react';
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

/**
 * The frame of every screen: skip link, top bar, the screen (`children`) and the footer.
 * `notices` go above the screen: the router's layout puts the saved-copy notice there, which
 * follows the screen's reads; a page opened without the router has none to follow.
 */
export function Layout({ children, notices }: { children: ReactNode; notices?: ReactNode }) {
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
        {notices}
        {children}
      </main>
      <Footer />
    </>
  );
}
