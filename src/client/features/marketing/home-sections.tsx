import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';
import { tm } from '../../i18n/marketing.ts';
import { AppLink } from '../../components/navigation.tsx';

const portalPoints = (): readonly { icon: IconName; title: string; text: string }[] => [
  { icon: 'phone', title: tm('home.p1.title'), text: tm('home.p1.text') },
  { icon: 'offline', title: tm('home.p2.title'), text: tm('home.p2.text') },
  { icon: 'globe', title: tm('home.p3.title'), text: tm('home.p3.text') },
];

const testimonials = (): readonly { quote: string; name: string; role: string }[] => [
  { quote: tm('home.t1.quote'), name: 'Priya N.', role: tm('home.t1.role') },
  { quote: tm('home.t2.quote'), name: 'Joseph M.', role: tm('home.t2.role') },
  { quote: tm('home.t3.quote'), name: 'Mrs. Fernandes', role: tm('home.t3.role') },
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
        <h2 id="home-portal">{tm('home.portal')}</h2>
        <p className="section-lead">{tm('home.portalLead')}</p>
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
          <h2 id="home-teaching">{tm('home.teach')}</h2>
          <p>{tm('home.teachText')}</p>
          <AppLink to="/instructor" className="button">
            {tm('hero.2.link')}
          </AppLink>
        </section>
        <section className="home-section panel panel-schools" aria-labelledby="home-schools">
          <Icon name="school" />
          <h2 id="home-schools">{tm('hero.3.eyebrow')}</h2>
          <p>{tm('home.schoolsText')}</p>
          <AppLink to="/contact" className="button button-secondary">
            {tm('home.talk')}
          </AppLink>
        </section>
      </div>

      <section className="home-section" aria-labelledby="home-testimonials">
        <h2 id="home-testimonials">{tm('home.say')}</h2>
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
