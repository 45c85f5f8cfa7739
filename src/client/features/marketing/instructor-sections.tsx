import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useCurrentUser } from '../../lib/session.tsx';
import heroTeach from './images/hero-teach.webp?no-inline';
import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';
import { tm } from '../../i18n/marketing.ts';

export function InstructorHero() {
  const signedIn = useCurrentUser() !== null;
  return (
    <section className="instructor-hero" aria-labelledby="instructor-hero">
      <div className="hero-text">
        <h2 id="instructor-hero">{tm('instructor.hero')}</h2>
        <p>{tm('instructor.heroText')}</p>
        {/* A proposal is a message sent while signed in: signed out, this leads to sign in first. */}
        {/* data-session: its target depends on who is signed in (static-markup.ts). */}
        <Link to={signedIn ? '/courses/new' : '/login'} className="button" data-session="">
          {tm('instructor.teach')}
        </Link>
        <p className="note">{tm('instructor.note')}</p>
      </div>
      <img src={heroTeach} alt="" width={800} height={500} decoding="async" fetchPriority="high" />
    </section>
  );
}

const benefits = (): readonly { icon: IconName; title: string; text: string }[] => [
  { icon: 'award', title: tm('instructor.b1.title'), text: tm('instructor.b1.text') },
  { icon: 'people', title: tm('instructor.b2.title'), text: tm('instructor.b2.text') },
  { icon: 'bulb', title: tm('instructor.b3.title'), text: tm('instructor.b3.text') },
];

export function InstructorBenefits() {
  return (
    <section className="home-section" aria-labelledby="instructor-benefits">
      <h2 id="instructor-benefits" className="visually-hidden">
        {tm('instructor.why')}
      </h2>
      <ul className="feature-grid">
        {benefits().map((b) => (
          <li key={b.title} className="feature">
            <Icon name={b.icon} />
            <h3>{b.title}</h3>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const steps = () =>
  [
    {
      value: 'become',
      label: tm('instructor.s1.label'),
      paragraphs: [tm('instructor.s1.p1'), tm('instructor.s1.p2')],
    },
    {
      value: 'rules',
      label: tm('instructor.s2.label'),
      paragraphs: [tm('instructor.s2.p1'), tm('instructor.s2.p2')],
    },
    {
      value: 'start',
      label: tm('instructor.s3.label'),
      paragraphs: [tm('instructor.s3.p1'), tm('instructor.s3.p2')],
    },
  ] as const;

export function InstructorSteps() {
  return (
    <section className="home-section" aria-labelledby="instructor-steps">
      <h2 id="instructor-steps">{tm('instructor.how')}</h2>
      <Tabs.Root defaultValue="become" className="tabs">
        <Tabs.List aria-label={tm('instructor.howLabel')} className="tabs-list">
          {steps().map((step) => (
            <Tabs.Trigger key={step.value} value={step.value} className="tabs-trigger">
              {step.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {steps().map((step) => (
          <Tabs.Content key={step.value} value={step.value} className="tabs-content">
            {step.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

export function InstructorCallToAction() {
  const signedIn = useCurrentUser() !== null;
  return (
    <section className="cta" aria-labelledby="instructor-cta">
      <h2 id="instructor-cta">{tm('instructor.ready')}</h2>
      {signedIn ? (
        <>
          <p>{tm('instructor.tell')}</p>
          <Link to="/contact" className="button button-light">
            {tm('instructor.send')}
          </Link>
        </>
      ) : (
        <>
          <p>{tm('instructor.signIn')}</p>
          <Link to="/login" className="button button-light" data-session="">
            {tm('instructor.login')}
          </Link>
        </>
      )}
    </section>
  );
}
