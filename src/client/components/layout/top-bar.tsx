import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { contactDetails, publicLinks } from './site-links.ts';

/** Contact strip, brand, the main navigation and the small-screen menu toggle. */
export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="site-header">
      <div className="contact-strip">
        <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>
        <a href={`tel:${contactDetails.phone.replaceAll(' ', '')}`}>{contactDetails.phone}</a>
        <div className="translate-area" aria-label="Page translation" />
      </div>
      <div className="nav-bar">
        <Link to="/" className="brand" onClick={() => setMenuOpen(false)}>
          EduPortal
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true" className="menu-icon" />
        </button>
        <nav id={menuId} className={menuOpen ? 'site-nav open' : 'site-nav'} aria-label="Main">
          <ul>
            {publicLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  activeOptions={{ exact: true }}
                  activeProps={{ className: 'active', 'aria-current': 'page' }}
                  onClick={() => setMenuOpen(false)}
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
                onClick={() => setMenuOpen(false)}
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
