import { LayoutIcon, type LayoutIconName } from '../icons.tsx';
import { t } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/en.ts';
import { AppLink } from '../navigation.tsx';
import { contactDetails, publicLinks } from './site-links.ts';

const about: MessageKey[] = ['footer.about1', 'footer.about2', 'footer.about3', 'footer.about4'];

const social: readonly { href: string; label: MessageKey | 'GitHub' | 'LinkedIn'; icon: LayoutIconName }[] = [
  { href: `mailto:${contactDetails.email}`, label: 'footer.email', icon: 'mail' },
  { href: 'https://github.com/', label: 'GitHub', icon: 'code' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', icon: 'network' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t('footer.about')}</h2>
          <ul className="about-list">
            {about.map((line) => (
              <li key={line}>{t(line)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">{t('footer.links')}</h2>
          <ul className="footer-links">
            {publicLinks.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to}>{t(link.label)}</AppLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">{t('footer.follow')}</h2>
          <ul className="footer-links social-links">
            {social.map((item) => (
              <li key={item.label}>
                <a href={item.href} rel="noopener noreferrer">
                  <LayoutIcon name={item.icon} />
                  {item.label === 'footer.email' ? t(item.label) : item.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="copyright">© {new Date().getFullYear()} EduPortal</p>
    </footer>
  );
}
