import { Link } from '@tanstack/react-router';
import courseEnglish from './images/course-english.webp?no-inline';
import './marketing.css';

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
              <p className="card-tag">Communication</p>
              <h2>Spoken English for Beginners</h2>
              <p>
                Start from greetings and simple questions and work up to short talks, with a new lesson each
                week and practice you can do offline.
              </p>
              <Link to="/mycourses" className="button">
                Start Learning
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
