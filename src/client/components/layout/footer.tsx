import { Link } from '@tanstack/react-router';
import { contactDetails, publicLinks } from './site-links.ts';

const about = [
  'Students can register with a mobile number and a national ID card.',
  'Students from weak financial backgrounds can use net cafes and Wi-Fi centres that tie up with EduPortal.',
  'A school module lets a school buy yearly access for all its students.',
  'EduPortal helps with education and extracurricular skills.',
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
          <ul>
            {publicLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Follow us</h2>
          <ul>
            <li>
              <a href={`mailto:${contactDetails.email}`}>Mail</a>
            </li>
            <li>
              <a href="https://github.com/" rel="noopener noreferrer">
                Code
              </a>
            </li>
            <li>
              <a href="https://www.linkedin.com/" rel="noopener noreferrer">
                LinkedIn
              </a>
            </li>
          </ul>
        </section>
      </div>
      <p className="copyright">© {new Date().getFullYear()} EduPortal</p>
    </footer>
  );
}
