import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useCurrentUser } from '../../lib/session.tsx';
import heroTeach from './images/hero-teach.webp?no-inline';
import { Icon, type IconName } from './marketing-icons.tsx';
import './marketing.css';

export function InstructorHero() {
  const signedIn = useCurrentUser() !== null;
  return (
    <section className="instructor-hero" aria-labelledby="instructor-hero">
      <div className="hero-text">
        <h2 id="instructor-hero">Become an Instructor &amp; teach what you love</h2>
        <p>
          Turn what you know into a course that students can follow on any phone, even on a slow connection.
        </p>
        {/* A proposal is a message sent while signed in: signed out, this leads to sign in first. */}
        <Link to={signedIn ? '/contact' : '/login'} className="button">
          teach a course
        </Link>
        <p className="note">We&apos;ll check your proposal and get back to you.</p>
      </div>
      <img src={heroTeach} alt="" width={800} height={500} decoding="async" fetchPriority="high" />
    </section>
  );
}

const benefits: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'award',
    title: 'Produced by EduPortal',
    text: 'We help you plan the course, record clear lessons and present them at their best.',
  },
  {
    icon: 'people',
    title: 'Share with the community',
    text: 'Your lessons reach students, schools and Wi-Fi centres that are looking for good teachers.',
  },
  {
    icon: 'bulb',
    title: 'Your creativity is golden',
    text: 'Teach in your own way and your own voice; you decide what goes into each lesson.',
  },
];

export function InstructorBenefits() {
  return (
    <section className="home-section" aria-labelledby="instructor-benefits">
      <h2 id="instructor-benefits" className="visually-hidden">
        Why teach on EduPortal
      </h2>
      <ul className="feature-grid">
        {benefits.map((b) => (
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

const steps = [
  {
    value: 'become',
    label: 'Become An Instructor',
    paragraphs: [
      'Tell us who you are, what you teach and who your course is for. A short outline of the lessons you have in mind is enough to start.',
      'Our team reads every proposal and replies with suggestions, usually within a week.',
    ],
  },
  {
    value: 'rules',
    label: 'Instructor Rules',
    paragraphs: [
      'Teach only material you have the right to share, keep lessons respectful and suitable for school students, and answer questions in the comments when you can.',
      'Courses should be useful on a small screen: short videos, readable slides and clear sound.',
    ],
  },
  {
    value: 'start',
    label: 'Start With Courses',
    paragraphs: [
      'Begin with one small course of five to ten lessons. Record a first lesson, share it with a few students and improve it with their feedback.',
      'When the course is ready we publish it, and you can plan the next one.',
    ],
  },
] as const;

export function InstructorSteps() {
  return (
    <section className="home-section" aria-labelledby="instructor-steps">
      <h2 id="instructor-steps">How to become an instructor?</h2>
      <Tabs.Root defaultValue={steps[0].value} className="tabs">
        <Tabs.List aria-label="How to become an instructor" className="tabs-list">
          {steps.map((step) => (
            <Tabs.Trigger key={step.value} value={step.value} className="tabs-trigger">
              {step.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {steps.map((step) => (
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
      <h2 id="instructor-cta">Ready To Teach A Course?</h2>
      {signedIn ? (
        <>
          <p>Tell us about the course you want to teach: what, for whom, and how many lessons.</p>
          <Link to="/contact" className="button button-light">
            Send your request
          </Link>
        </>
      ) : (
        <>
          <p>Sign in with your EduPortal account and tell us about the course you want to teach.</p>
          <Link to="/login" className="button button-light">
            Login to send your request!
          </Link>
        </>
      )}
    </section>
  );
}
