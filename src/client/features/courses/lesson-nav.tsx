import { Link } from '@tanstack/react-router';
import type { CourseDetail } from '../../../shared/contracts/courses.ts';
import { lessonNumber, neighbourLesson } from '../../api/courses.ts';
import { t } from '../../i18n/i18n.ts';
import './courses.css';

/** "Lesson 3 of 10" with the way back to the course, and "Previous lesson" / "Next lesson". */
export function LessonNav({ course, videoId }: { course: CourseDetail; videoId: string }) {
  const previous = neighbourLesson(course, videoId, -1);
  const next = neighbourLesson(course, videoId, 1);
  return (
    <nav className="lesson-nav" aria-label={t('lesson.navLabel')}>
      <p className="lesson-place">
        {t('lesson.of', { n: lessonNumber(course, videoId), total: course.lessons.length })}
      </p>
      <div className="lesson-steps">
        {previous ? (
          <Link
            to="/courses/$courseId/lessons/$videoId"
            params={{ courseId: course._id, videoId: previous.video._id }}
            className="button button-secondary"
            rel="prev"
          >
            {t('lesson.previous')}
          </Link>
        ) : null}
        {next ? (
          <Link
            to="/courses/$courseId/lessons/$videoId"
            params={{ courseId: course._id, videoId: next.video._id }}
            className="button"
            rel="next"
          >
            {t('lesson.next')}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
