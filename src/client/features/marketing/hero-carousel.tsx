import { Carousel } from '../../components/carousel/carousel.tsx';
import { heroBreakpoints } from './carousel-breakpoints.ts';
import heroCourses from './images/hero-courses.webp?no-inline';
import heroSchools from './images/hero-schools.webp?no-inline';
import heroTeach from './images/hero-teach.webp?no-inline';
import './marketing.css';
import { tm } from '../../i18n/marketing.ts';
import { AppLink } from '../../components/navigation.tsx';

type HeroTarget = '/courses' | '/instructor';

const heroSlides = (): readonly {
  eyebrow: string;
  title: string;
  text: string;
  link: { to: HeroTarget; label: string };
  image: string;
  alt: string;
}[] => [
  {
    eyebrow: tm('hero.1.eyebrow'),
    title: tm('hero.1.title'),
    text: tm('hero.1.text'),
    link: { to: '/courses', label: tm('hero.1.link') },
    image: heroCourses,
    alt: tm('hero.1.alt'),
  },
  {
    eyebrow: tm('hero.2.eyebrow'),
    title: tm('hero.2.title'),
    text: tm('hero.2.text'),
    link: { to: '/instructor', label: tm('hero.2.link') },
    image: heroTeach,
    alt: tm('hero.2.alt'),
  },
  {
    eyebrow: tm('hero.3.eyebrow'),
    title: tm('hero.3.title'),
    text: tm('hero.3.text'),
    link: { to: '/courses', label: tm('hero.3.link') },
    image: heroSchools,
    alt: tm('hero.3.alt'),
  },
];

/** The home page's opening carousel: who EduPortal is for, one slide each. */
export function HeroCarousel() {
  return (
    <Carousel
      label={tm('hero.label')}
      className="hero"
      breakpoints={heroBreakpoints}
      slides={heroSlides().map((slide, i) => (
        <article className="hero-slide" key={slide.title}>
          <div className="hero-text">
            <p className="eyebrow">{slide.eyebrow}</p>
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
            <AppLink to={slide.link.to} className="button">
              {slide.link.label}
            </AppLink>
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
