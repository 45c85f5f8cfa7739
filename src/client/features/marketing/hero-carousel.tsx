import { Link } from '@tanstack/react-router';
import { Carousel } from '../../components/carousel/carousel.tsx';
import { heroBreakpoints } from './carousel-breakpoints.ts';
import heroCourses from './images/hero-courses.webp?no-inline';
import heroSchools from './images/hero-schools.webp?no-inline';
import heroTeach from './images/hero-teach.webp?no-inline';
import './marketing.css';

type HeroTarget = '/courses' | '/instructor';

const heroSlides: readonly {
  eyebrow: string;
  title: string;
  text: string;
  link: { to: HeroTarget; label: string };
  image: string;
  alt: string;
}[] = [
  {
    eyebrow: 'For students',
    title: 'Courses available for student',
    text: 'Short lessons that open quickly on any phone and stay with you when the signal drops.',
    link: { to: '/courses', label: 'Explore courses' },
    image: heroCourses,
    alt: 'Two students learning together with a laptop and a pile of books',
  },
  {
    eyebrow: 'For teachers',
    title: 'Teacher can also teach',
    text: 'Share what you know with students across the country and build your own classes.',
    link: { to: '/instructor', label: 'Become an instructor' },
    image: heroTeach,
    alt: 'A teacher pointing at a board full of notes',
  },
  {
    eyebrow: 'For schools',
    title: 'Schools can purchase courses for student',
    text: 'One yearly plan gives every student in your school the whole course library.',
    link: { to: '/courses', label: 'Courses for schools' },
    image: heroSchools,
    alt: 'A school building with two students in front of it',
  },
];

/** The home page's opening carousel: who EduPortal is for, one slide each. */
export function HeroCarousel() {
  return (
    <Carousel
      label="Highlights"
      className="hero"
      breakpoints={heroBreakpoints}
      slides={heroSlides.map((slide, i) => (
        <article className="hero-slide" key={slide.title}>
          <div className="hero-text">
            <p className="eyebrow">{slide.eyebrow}</p>
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
            <Link to={slide.link.to} className="button">
              {slide.link.label}
            </Link>
          </div>
          <img
            src={slide.image}
            alt={slide.alt}
            width={800}
            height={500}
            decoding="async"
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
          />
        </article>
      ))}
    />
  );
}
