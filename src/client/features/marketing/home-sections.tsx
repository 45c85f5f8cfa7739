import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';

const portalPoints: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'phone',
    title: 'Made for any phone',
    text: 'Pages are small and quick, so a basic Android phone on a slow network is enough.',
  },
  {
    icon: 'offline',
    title: 'Keeps working offline',
    text: 'Pages you have opened stay on your device and open again without a connection.',
  },
  {
    icon: 'globe',
    title: 'Learn from anywhere',
    text: 'At home, at a partner net cafe or at a Wi-Fi centre near your school.',
  },
];

const testimonials: readonly { quote: string; name: string; role: string }[] = [
  {
    quote: 'I revise on the bus with my phone. The lessons still open when the network is gone.',
    name: 'Priya N.',
    role: 'Class 11 student',
  },
  {
    quote: 'I recorded my first course in a weekend and now students from three districts follow it.',
    name: 'Joseph M.',
    role: 'Science teacher',
  },
  {
    quote: 'One plan for the whole school meant no student was left out because of fees.',
    name: 'Mrs. Fernandes',
    role: 'School principal',
  },
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
        <h2 id="home-portal">One portal for every student</h2>
        <p className="section-lead">
          Course videos, notes and a community of learners in one place, built for weak connections.
        </p>
        <ul className="feature-grid">
          {portalPoints.map((point) => (
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
          <h2 id="home-teaching">Teach on EduPortal</h2>
          <p>
            Teachers can become instructors: plan a course, record short lessons and reach students far beyond
            their own classroom.
          </p>
          <Link to="/instructor" className="button">
            Become an instructor
          </Link>
        </section>
        <section className="home-section panel panel-schools" aria-labelledby="home-schools">
          <Icon name="school" />
          <h2 id="home-schools">For schools</h2>
          <p>
            A school can buy a yearly plan that opens every course to all of its students, with the same login
            at school and at home.
          </p>
          <Link to="/contact" className="button button-secondary">
            Talk to us
          </Link>
        </section>
      </div>

      <section className="home-section" aria-labelledby="home-testimonials">
        <h2 id="home-testimonials">What people say</h2>
        <ul className="testimonial-grid">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="testimonial">
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="avatar" aria-hidden="true">
                    {initials(t.name)}
                  </span>
                  <span>
                    <strong>{t.name}</strong>
                    <br />
                    {t.role}
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
