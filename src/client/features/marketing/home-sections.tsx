import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';
import { t } from '../../i18n/i18n.ts';

const portalPoints = (): readonly { icon: IconName; title: string; text: string }[] => [
  { icon: 'phone', title: t('home.p1.title'), text: t('home.p1.text') },
  { icon: 'offline', title: t('home.p2.title'), text: t('home.p2.text') },
  { icon: 'globe', title: t('home.p3.title'), text: t('home.p3.text') },
];

const testimonials = (): readonly { quote: string; name: string; role: string }[] => [
  { quote: t('home.t1.quote'), name: 'Priya N.', role: t('home.t1.role') },
  { quote: t('home.t2.quote'), name: 'Joseph M.', role: t('home.t2.role') },
  { quote: t('home.t3.quote'), name: 'Mrs. Fernandes', role: t('home.t3.role') },
];

const initials = (name: string) =>
  name
    .replace(/^(Mrs?|Ms)\.\s*/, '')
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

/** The placeholder sections of the home page: the portal, teaching, schools, and what people say. */
export function HomeSections() {
  return (
    <>
      <section className="home-section" aria-labelledby="home-portal">
        <h2 id="home-portal">{t('home.portal')}</h2>
        <p className="section-lead">{t('home.portalLead')}</p>
        <ul className="feature-grid">
          {portalPoints().map((point) => (
            <li key={point.title} className="feature">
              <Icon name={point.icon} />
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="split">
        <section className="home-section panel panel-teach" aria-labelledby="home-teaching">
          <Icon name="bulb" />
          <h2 id="home-teaching">{t('home.teach')}</h2>
          <p>{t('home.teachText')}</p>
          <Link to="/instructor" className="button">
            {t('hero.2.link')}
          </Link>
        </section>
        <section className="home-section panel panel-schools" aria-labelledby="home-schools">
          <Icon name="school" />
          <h2 id="home-schools">{t('hero.3.eyebrow')}</h2>
          <p>{t('home.schoolsText')}</p>
          <Link to="/contact" className="button button-secondary">
            {t('home.talk')}
          </Link>
        </section>
      </div>

      <section className="home-section" aria-labelledby="home-testimonials">
        <h2 id="home-testimonials">{t('home.say')}</h2>
        <ul className="testimonial-grid">
          {testimonials().map((person) => (
            <li key={person.name}>
              <figure className="testimonial">
                <blockquote>
                  <p>{person.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="avatar" aria-hidden="true">
                    {initials(person.name)}
                  </span>
                  <span>
                    <strong>{person.name}</strong>
                    <br />
                    {person.role}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
