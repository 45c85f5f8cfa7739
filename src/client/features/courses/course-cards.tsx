import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Course } from '../../../shared/contracts/courses.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { tm } from '../../i18n/marketing.ts';
import './courses.css';

export const lessonsCount = (n: number) =>
  n === 1 ? tm('catalogue.lessonOne') : tm('catalogue.lessons', { n: String(n) });

/**
 * Courses as cards: cover, title, teacher, lessons and their total length, and what the screen
 * puts at the bottom (on /courses "Start Learning"; on /mycourses the progress and "Continue").
 * The words are the marketing catalogue's, since /courses is one of the pages drawn at build time.
 */
export function CourseCards({
  courses,
  action,
  level = 2,
}: {
  courses: Course[];
  action: (course: Course) => ReactNode;
  /** The cards' heading level: 3 under a section's own heading. */
  level?: 2 | 3;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <ul className="card-grid course-cards">
      {courses.map((course, i) => (
        <li key={course._id}>
          <article className="card course-card">
            {course.cover ? (
              <img
                src={course.cover}
                alt={tm('catalogue.coverAlt', { title: course.title })}
                width={640}
                height={360}
                decoding="async"
                loading={i < 2 ? 'eager' : 'lazy'}
              />
            ) : (
              // No cover: the title's first letter on the brand colour keeps the grid even.
              <span className="course-cover-blank" aria-hidden="true">
                {course.title.slice(0, 1).toUpperCase()}
              </span>
            )}
            <div className="card-body">
              <Title>{course.title}</Title>
              <p className="course-card-owner">{tm('catalogue.by', { name: course.owner.username })}</p>
              <p className="course-card-facts">
                {lessonsCount(course.lessonsCount)} · {formatDuration(course.totalDuration)}
              </p>
              {action(course)}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** "Start Learning": the course's own page. */
export function StartLearning({ course }: { course: Course }) {
  return (
    <Link
      to="/courses/$courseId"
      params={{ courseId: course._id }}
      className="button"
      aria-label={`${tm('course.start')}: ${course.title}`}
    >
      {tm('course.start')}
    </Link>
  );
}
