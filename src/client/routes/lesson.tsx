import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { lessonNumber, neighbourLesson, useCourse } from '../api/courses.ts';
import { Screen } from '../components/screen.tsx';
import { isNotFound, LoadError, Loading } from '../components/status.tsx';
import { CommentsOnDemand } from '../features/comments/comments-on-demand.tsx';
import { LessonNav } from '../features/courses/lesson-nav.tsx';
import { VideoPlayer } from '../features/videos/video-player.tsx';
import { t } from '../i18n/i18n.ts';

/**
 * /courses/{courseId}/lessons/{videoId}: a lesson at its own address, the player with everything
 * of /videos/{videoId}, its place in the course and the way to the lessons either side.
 */
export default function LessonRoute() {
  const { courseId, videoId } = useParams({ from: '/courses/$courseId/lessons/$videoId' });
  const { data: course, error, isLoading, mutate } = useCourse(courseId);
  const navigate = useNavigate();
  if (error && (isNotFound(error) || !course)) {
    return (
      <Screen title={isNotFound(error) ? t('course.notFound') : t('title.lesson')}>
        {isNotFound(error) ? (
          <p>{t('course.gone')}</p>
        ) : (
          <LoadError error={error} retry={() => void mutate()} />
        )}
      </Screen>
    );
  }
  if (isLoading || !course) {
    return (
      <Screen title={t('title.lesson')}>
        <Loading label={t('course.loading')} />
      </Screen>
    );
  }
  const lesson = course.lessons[lessonNumber(course, videoId) - 1];
  if (!lesson) {
    return (
      <Screen title={course.title}>
        <p>{t('lesson.notInCourse')}</p>
        <p>
          <Link to="/courses/$courseId" params={{ courseId }} className="text-link">
            {t('lesson.toCourse')}
          </Link>
        </p>
      </Screen>
    );
  }
  // The lock screen's previous and next lesson, in the course's order.
  const step = (to: 1 | -1) => {
    const neighbour = neighbourLesson(course, videoId, to);
    if (!neighbour) return undefined;
    return () =>
      void navigate({
        to: '/courses/$courseId/lessons/$videoId',
        params: { courseId, videoId: neighbour.video._id },
      });
  };
  return (
    <Screen title={course.title} tabTitle={lesson.video.title}>
      <p>
        <Link to="/courses/$courseId" params={{ courseId }} className="text-link">
          {t('lesson.toCourse')}
        </Link>
      </p>
      <LessonNav course={course} videoId={videoId} />
      <VideoPlayer video={lesson.video} lessons={{ previous: step(-1), next: step(1) }}>
        <CommentsOnDemand videoId={videoId} />
      </VideoPlayer>
    </Screen>
  );
}
