import { Link } from '@tanstack/react-router';
import { LayoutIcon, type LayoutIconName } from '../icons.tsx';
import { contactDetails, publicLinks } from './site-links.ts';

const about = [
  'Students can register with a mobile number and a national ID card.',
  'Students from weak financial backgrounds can use net cafes and Wi-Fi centres that tie up with EduPortal.',
  'A school module lets a school buy yearly access for all its students.',
  'EduPortal helps with education and extracurricular skills.',
];

const social: readonly { href: string; label: string; icon: LayoutIconName }[] = [
  { href: `mailto:${contactDetails.email}`, label: 'E-mail', icon: 'mail' },
  { href: 'https://github.com/', label: 'GitHub', icon: 'code' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', icon: 'network' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">About EduPortal</h2>
          <ul className="about-list">
            {about.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Links</h2>
          <ul className="footer-links">
            {publicLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Follow us</h2>
          <ul className="footer-links social-links">
            {social.map((item) => (
              <li key={item.label}>
                <a href={item.href} rel="noopener noreferrer">
                  <LayoutIcon name={item.icon} />
                  {item.label}
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
