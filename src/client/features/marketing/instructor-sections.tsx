import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useCurrentUser } from '../../lib/session.tsx';
import heroTeach from './images/hero-teach.webp?no-inline';
import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';
import { t } from '../../i18n/i18n.ts';

export function InstructorHero() {
  const signedIn = useCurrentUser() !== null;
  return (
    <section className="instructor-hero" aria-labelledby="instructor-hero">
      <div className="hero-text">
        <h2 id="instructor-hero">{t('instructor.hero')}</h2>
        <p>{t('instructor.heroText')}</p>
        {/* A proposal is a message sent while signed in: signed out, this leads to sign in first. */}
        <Link to={signedIn ? '/contact' : '/login'} className="button">
          {t('instructor.teach')}
        </Link>
        <p className="note">{t('instructor.note')}</p>
      </div>
      <img src={heroTeach} alt="" width={800} height={500} decoding="async" fetchPriority="high" />
    </section>
  );
}

const benefits = (): readonly { icon: IconName; title: string; text: string }[] => [
  { icon: 'award', title: t('instructor.b1.title'), text: t('instructor.b1.text') },
  { icon: 'people', title: t('instructor.b2.title'), text: t('instructor.b2.text') },
  { icon: 'bulb', title: t('instructor.b3.title'), text: t('instructor.b3.text') },
];

export function InstructorBenefits() {
  return (
    <section className="home-section" aria-labelledby="instructor-benefits">
      <h2 id="instructor-benefits" className="visually-hidden">
        {t('instructor.why')}
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
      label: t('instructor.s1.label'),
      paragraphs: [t('instructor.s1.p1'), t('instructor.s1.p2')],
    },
    {
      value: 'rules',
      label: t('instructor.s2.label'),
      paragraphs: [t('instructor.s2.p1'), t('instructor.s2.p2')],
    },
    {
      value: 'start',
      label: t('instructor.s3.label'),
      paragraphs: [t('instructor.s3.p1'), t('instructor.s3.p2')],
    },
  ] as const;

export function InstructorSteps() {
  return (
    <section className="home-section" aria-labelledby="instructor-steps">
      <h2 id="instructor-steps">{t('instructor.how')}</h2>
      <Tabs.Root defaultValue="become" className="tabs">
        <Tabs.List aria-label={t('instructor.howLabel')} className="tabs-list">
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
      <h2 id="instructor-cta">{t('instructor.ready')}</h2>
      {signedIn ? (
        <>
          <p>{t('instructor.tell')}</p>
          <Link to="/contact" className="button button-light">
            {t('instructor.send')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('instructor.signIn')}</p>
          <Link to="/login" className="button button-light">
            {t('instructor.login')}
          </Link>
        </>
      )}
    </section>
  );
}
