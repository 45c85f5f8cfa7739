import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/session.tsx';
import { LayoutIcon } from '../icons.tsx';
import { AppLink, useAppNavigate } from '../navigation.tsx';
import { ConnectionStatus } from '../offline/connection-status.tsx';
import { onDemand } from '../on-demand.tsx';
import { showToast } from '../toast/toast-store.ts';
import { t } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/en.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { contactDetails, publicLinks, settingsLink, signedInLinks } from './site-links.ts';

// IndexedDB code comes with it: loaded only for a signed-in user, after the first screen. Until
// it has come (or if the connection dropped first) the top bar goes without it.
const OutboxBadge = onDemand(() =>
  import('../offline/outbox-badge.tsx').then((module) => module.default),
).Part;

/** One menu's links, the open page's marked as current. */
function NavItems({
  links,
  onNavigate,
}: {
  links: ReadonlyArray<{
    to: (typeof publicLinks | typeof signedInLinks)[number]['to'] | '/settings';
    label: MessageKey;
  }>;
  onNavigate: () => void;
}) {
  return links.map((link) => (
    <li key={link.to}>
      <AppLink
        to={link.to}
        activeOptions={{ exact: true }}
        activeProps={{ className: 'active', 'aria-current': 'page' }}
        onClick={onNavigate}
      >
        {t(link.label)}
      </AppLink>
    </li>
  ));
}

/**
 * The contact strip, then the brand, the language switcher, the small-screen menu toggle and
 * the main navigation. The strip scrolls away; the navigation row stays at the top. A signed-in
 * user gets a second row with their own pages and Logout in place of 'Login / Register'.
 */
export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const accountMenuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);
  const { session, state } = useSession();
  const navigate = useAppNavigate();
  const signedIn = state.status === 'signed-in';

  // index.html's static top bar (docs/architecture.md, "Start") stays until this one is in the
  // document, and goes in the same task, before the browser paints again: no blank frame, no jump.
  useLayoutEffect(() => {
    document.getElementById('app-shell')?.remove();
  }, []);

  const logout = async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await session.signOut();
      close();
      await navigate('/login');
    } catch (err) {
      showToast('error', t('nav.notSignedOut'), err instanceof Error ? err.message : undefined);
    } finally {
      setSigningOut(false);
    }
  };

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="contact-strip">
        <div className="contact-strip-inner">
          <a href={`mailto:${contactDetails.email}`} translate="no">
            <LayoutIcon name="mail" />
            {contactDetails.email}
          </a>
          <a href={`tel:${contactDetails.phone.replaceAll(' ', '')}`} translate="no">
            <LayoutIcon name="phone" />
            {contactDetails.phone}
          </a>
        </div>
      </div>
      <div className="nav-bar">
        <AppLink to="/" className="brand" translate="no" onClick={close}>
          <svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" className="brand-mark">
            <rect width="512" height="512" rx="96" />
            <path d="M256 150 L96 214 L256 278 L416 214 Z M160 250 V318 C160 350 352 350 352 318 V250 L256 290 Z" />
          </svg>
          <span className="brand-name">EduPortal</span>
        </AppLink>
        <ConnectionStatus />
        {signedIn ? <OutboxBadge /> : null}
        <LanguageSwitcher />
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={signedIn ? `${menuId} ${accountMenuId}` : menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          <span aria-hidden="true" className={menuOpen ? 'menu-icon open' : 'menu-icon'} />
        </button>
        <nav id={menuId} className={menuOpen ? 'site-nav open' : 'site-nav'} aria-label={t('nav.main')}>
          <ul>
            <NavItems links={publicLinks} onNavigate={close} />
            <NavItems links={[settingsLink]} onNavigate={close} />
            {signedIn ? null : (
              <li>
                <AppLink
                  to="/login"
                  className="nav-cta"
                  activeProps={{ className: 'nav-cta active', 'aria-current': 'page' }}
                  onClick={close}
                >
                  {t('nav.login')}
                </AppLink>
              </li>
            )}
          </ul>
        </nav>
        {signedIn ? (
          <nav
            id={accountMenuId}
            className={menuOpen ? 'account-nav open' : 'account-nav'}
            aria-label={t('nav.yours')}
          >
            <ul>
              <NavItems links={signedInLinks} onNavigate={close} />
              <li className="account-nav-logout">
                <span className="account-nav-user" translate="no">
                  {state.user.username}
                </span>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-disabled={signingOut}
                  onClick={() => void logout()}
                >
                  {signingOut ? t('nav.signingOut') : t('nav.logout')}
                </button>
              </li>
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
