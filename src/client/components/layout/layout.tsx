import { Outlet } from '@tanstack/react-router';
import { SavedCopyNotice } from '../offline/saved-copy-notice.tsx';
import { SecureOriginNotice } from '../offline/secure-origin-notice.tsx';
import { UpdatePrompt } from '../offline/update-prompt.tsx';
import '../offline/offline.css';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';
import { t } from '../../i18n/i18n.ts';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <TopBar />
      <UpdatePrompt />
      <main id="main" tabIndex={-1}>
        <SecureOriginNotice />
        <SavedCopyNotice />
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
