import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Course } from '../../../shared/contracts/courses.ts';
import { useCoursesOf, useEnrolledCourses } from '../../api/courses.ts';
import type { PagedList } from '../../api/paged-list.ts';
import { LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { t } from '../../i18n/i18n.ts';
import { tm } from '../../i18n/marketing.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { CourseCards } from './course-cards.tsx';
import './courses.css';

/** Where a course continues: the lesson the student last watched, or its first. */
function continueAt(course: Course): ReactNode {
  const done = course.progress?.completedLessons ?? 0;
  const total = course.progress?.totalLessons ?? course.lessonsCount;
  const videoId = course.progress?.resume?.videoId;
  return (
    <>
      <p className="course-card-progress">
        <progress max={total || 1} value={done} aria-hidden="true" />{' '}
        {tm('catalogue.progress', { done: String(done), total: String(total) })}
      </p>
      {videoId ? (
        <Link
          to="/courses/$courseId/lessons/$videoId"
          params={{ courseId: course._id, videoId }}
          className="button"
          aria-label={`${t('course.continue')}: ${course.title}`}
        >
          {t('course.continue')}
        </Link>
      ) : (
        <Link
          to="/courses/$courseId"
          params={{ courseId: course._id }}
          className="button"
          aria-label={`${t('course.continue')}: ${course.title}`}
        >
          {t('course.continue')}
        </Link>
      )}
    </>
  );
}

function editLink(course: Course): ReactNode {
  return (
    <>
      {!course.published ? <p className="course-card-draft">{t('course.unpublished')}</p> : null}
      <Link
        to="/courses/$courseId/edit"
        params={{ courseId: course._id }}
        className="button button-secondary"
        aria-label={`${t('course.edit')}: ${course.title}`}
      >
        {t('course.edit')}
      </Link>
    </>
  );
}

function CourseSection({
  heading,
  list,
  action,
}: {
  heading: string;
  list: PagedList<Course>;
  action: (course: Course) => ReactNode;
}) {
  if (list.items.length === 0) {
    if (list.error) return <LoadError error={list.error} retry={list.retry} what={heading} />;
    return null;
  }
  return (
    <section className="my-courses-section" aria-label={heading}>
      <h2>{heading}</h2>
      <CourseCards courses={list.items} action={action} level={3} />
      {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
    </section>
  );
}

/**
 * /mycourses: the courses the student follows, with progress and "Continue", and the ones they
 * teach, with Edit; with neither, the spec's placeholder text and the way to /courses.
 */
export function MyCourses() {
  const me = useCurrentUser();
  const enrolled = useEnrolledCourses(me !== null);
  const teaching = useCoursesOf(me?._id);
  const loading = enrolled.isLoading || teaching.isLoading;
  const none = !loading && enrolled.items.length === 0 && teaching.items.length === 0;
  return (
    <>
      {loading ? <Loading /> : null}
      <CourseSection heading={t('myCourses.enrolled')} list={enrolled} action={continueAt} />
      <CourseSection heading={t('myCourses.teaching')} list={teaching} action={editLink} />
      {none && !enrolled.error && !teaching.error ? <p>{t('myCourses.text')}</p> : null}
      <p className="my-courses-links">
        <Link to="/courses" className="text-link">
          {t('myCourses.browse')}
        </Link>{' '}
        <Link to="/courses/new" className="text-link">
          {t('myCourses.new')}
        </Link>
      </p>
    </>
  );
}
