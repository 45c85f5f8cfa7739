import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { CourseDetail } from '../../../shared/contracts/courses.ts';
import { useLessonProgress } from '../../api/courses.ts';
import { PendingMark } from '../../components/pending-mark.tsx';
import { useDownloads } from '../../device/downloads/downloads-react.tsx';
import { t } from '../../i18n/i18n.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { useOutbox, usePendingActions } from '../../device/outbox/outbox-react.tsx';
import { SaveCourse } from './save-course.tsx';
import './courses.css';

/**
 * /courses/{courseId}: the teacher, the description, the lessons in order with what is done, what
 * is saved on this device and, for a lesson with practice, the student's best score, the
 * student's progress, and "Enrol" then "Continue".
 */
export function CoursePage({ course }: { course: CourseDetail }) {
  const me = useCurrentUser();
  const done = useLessonProgress(me ? course.lessons.map((lesson) => lesson.video._id) : []);
  const { downloads } = useDownloads();
  const saved = new Set(downloads.filter((d) => d.state === 'saved').map((d) => d.videoId));
  const completed = course.progress?.completedLessons ?? 0;
  const total = course.lessons.length;
  return (
    <div className="course-page">
      <p className="course-owner">
        {t('course.instructor')}{' '}
        <Link to="/userprofile/$username" params={{ username: course.owner.username }} className="text-link">
          {course.owner.fullName || course.owner.username}
        </Link>
      </p>
      {course.description ? <p className="course-description">{course.description}</p> : null}
      {!course.published ? (
        <p className="form-status" role="status">
          {t('course.unpublished')}
        </p>
      ) : null}
      {me ? (
        <p className="course-progress">
          <progress max={total || 1} value={completed} aria-hidden="true" />{' '}
          {t('course.progress', { done: completed, total })}
        </p>
      ) : null}
      <CourseActions course={course} />
      <SaveCourse course={course} />
      <h2>{t('course.lessons')}</h2>
      <ol className="lesson-list">
        {course.lessons.map(({ position, video }) => {
          const finished = done.get(video._id)?.completed ?? false;
          const quiz = video.quiz;
          return (
            <li key={video._id} className={finished ? 'lesson done' : 'lesson'}>
              <Link
                to="/courses/$courseId/lessons/$videoId"
                params={{ courseId: course._id, videoId: video._id }}
                className="lesson-link"
              >
                <span className="lesson-number">{position}</span>
                <span className="lesson-title">{video.title}</span>
                <span className="lesson-length">{formatDuration(video.duration)}</span>
                {finished ? <span className="lesson-mark done-mark">{t('course.completed')}</span> : null}
                {me && quiz ? (
                  <span className="lesson-mark lesson-practice">
                    {quiz.best === null
                      ? t('practice.notTried')
                      : t('practice.best', { score: quiz.best, total: quiz.questions })}
                  </span>
                ) : null}
                {saved.has(video._id) ? (
                  <span className="lesson-mark saved-mark">{t('course.saved')}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * Enrol (once), then Continue at the lesson where the student stopped; Edit for its teacher.
 * Enrol goes through the outbox, so it works offline too (a course saved for the bus): Continue
 * shows at once, marked Pending until the server has it, or Not sent with the server's reason.
 */
function CourseActions({ course }: { course: CourseDetail }) {
  const me = useCurrentUser();
  const outbox = useOutbox();
  const waiting = usePendingActions('enrol', (a) => a.courseId === course._id);
  const latest = waiting[waiting.length - 1];
  const first = course.lessons[0]?.video._id;
  const resumeAt = course.progress?.resume?.videoId ?? first;
  const owner = me?._id === course.owner._id;
  const continueLink = useRef<HTMLAnchorElement>(null);
  const focusContinue = useRef(false);
  useEffect(() => {
    if (!focusContinue.current || !continueLink.current) return;
    focusContinue.current = false;
    continueLink.current.focus();
  });

  if (!me) {
    return (
      <p className="course-actions">
        <Link to="/login" className="button">
          {t('course.signInToEnrol')}
        </Link>
      </p>
    );
  }
  const enrolled = course.enrolled || (latest !== undefined && latest.state !== 'failed');
  const enrol = () => {
    // Enrol goes away as Continue comes: the focus follows, rather than falling to the page.
    focusContinue.current = true;
    void outbox.enqueue({ kind: 'enrol', courseId: course._id, about: course.title });
  };
  return (
    <div className="course-actions">
      {enrolled || owner ? (
        resumeAt ? (
          <Link
            ref={continueLink}
            to="/courses/$courseId/lessons/$videoId"
            params={{ courseId: course._id, videoId: resumeAt }}
            className="button"
          >
            {t('course.continue')}
          </Link>
        ) : null
      ) : (
        <button type="button" className="button" onClick={enrol}>
          {t('course.enrol')}
        </button>
      )}
      <PendingMark entry={latest} />
      {owner ? (
        <Link
          to="/courses/$courseId/edit"
          params={{ courseId: course._id }}
          className="button button-secondary"
        >
          {t('course.edit')}
        </Link>
      ) : null}
    </div>
  );
}
