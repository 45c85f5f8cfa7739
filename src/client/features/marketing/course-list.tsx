import { Link } from '@tanstack/react-router';
import courseEnglish from './images/course-english.webp?no-inline';
import './marketing.css';
import { tm } from '../../i18n/marketing.ts';

/** The Courses page's three identical placeholder cards (docs/product.md, "Marketing"). */
export function CourseList() {
  return (
    <ul className="card-grid">
      {[1, 2, 3].map((n) => (
        <li key={n}>
          <article className="card">
            <img
              src={courseEnglish}
              alt=""
              width={640}
              height={400}
              decoding="async"
              loading={n === 1 ? 'eager' : 'lazy'}
            />
            <div className="card-body">
              <p className="card-tag">{tm('category.communication')}</p>
              <h2>{tm('course.spoken')}</h2>
              <p>{tm('course.spokenText')}</p>
              <Link to="/mycourses" className="button">
                {tm('course.start')}
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
