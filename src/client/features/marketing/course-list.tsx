import { Link } from '@tanstack/react-router';
import courseEnglish from './images/course-english.webp?no-inline';
import './marketing.css';
import { t } from '../../i18n/i18n.ts';

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
              <p className="card-tag">{t('category.communication')}</p>
              <h2>{t('course.spoken')}</h2>
              <p>{t('course.spokenText')}</p>
              <Link to="/mycourses" className="button">
                {t('course.start')}
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
