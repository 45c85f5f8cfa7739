import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { LayoutIcon } from '../icons.tsx';
import { contactDetails, publicLinks } from './site-links.ts';

/**
 * The contact strip, then the brand, the page-translation area, the small-screen menu toggle and
 * the main navigation. The strip scrolls away; the navigation row stays at the top.
 */
export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);

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
        <Link to="/" className="brand" translate="no" onClick={close}>
          <svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" className="brand-mark">
            <rect width="512" height="512" rx="96" />
            <path d="M256 150 L96 214 L256 278 L416 214 Z M160 250 V318 C160 350 352 350 352 318 V250 L256 290 Z" />
          </svg>
          EduPortal
        </Link>
        <details className="translate-area">
          <summary>
            <LayoutIcon name="translate" />
            <span className="translate-label">Translate</span>
          </summary>
          <p className="translate-panel">
            To read EduPortal in your language, use your browser&apos;s translation: in Chrome, open the menu
            (⋮) and choose <strong>Translate</strong>.
          </p>
        </details>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true" className={menuOpen ? 'menu-icon open' : 'menu-icon'} />
        </button>
        <nav id={menuId} className={menuOpen ? 'site-nav open' : 'site-nav'} aria-label="Main">
          <ul>
            {publicLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  activeOptions={{ exact: true }}
                  activeProps={{ className: 'active', 'aria-current': 'page' }}
                  onClick={close}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/login"
                className="nav-cta"
                activeProps={{ className: 'nav-cta active', 'aria-current': 'page' }}
                onClick={close}
              >
                Login / Register
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
