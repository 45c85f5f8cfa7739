import { Carousel } from '../../components/carousel/carousel.tsx';
import { popularCoursesBreakpoints } from './carousel-breakpoints.ts';
import courseEnglish from './images/course-english.webp?no-inline';
import './marketing.css';
import { tm } from '../../i18n/marketing.ts';
import { AppLink } from '../../components/navigation.tsx';

/** Fixed content (docs/product.md, "Marketing"): one English Speaking course, repeated. */
const course = () => ({
  name: tm('course.englishSpeaking'),
  category: tm('category.communication'),
  description: tm('course.englishSpeakingText'),
});
const popularCourseCount = 8;

export function PopularCourses() {
  return (
    <section className="home-section" aria-labelledby="popular-courses">
      <h2 id="popular-courses">{tm('popular.title')}</h2>
      <Carousel
        label={tm('popular.label')}
        breakpoints={popularCoursesBreakpoints}
        slides={Array.from({ length: popularCourseCount }, () => (
          <article className="card course-card">
            <img src={courseEnglish} alt="" width={640} height={400} loading="lazy" decoding="async" />
            <div className="card-body">
              <p className="card-tag">{course().category}</p>
              <h3>{course().name}</h3>
              <p>{course().description}</p>
              <AppLink to="/courses" className="text-link">
                {tm('popular.readMore')}{' '}
                <span className="visually-hidden">{tm('popular.about', { name: course().name })}</span>
              </AppLink>
            </div>
          </article>
        ))}
      />
    </section>
  );
}
