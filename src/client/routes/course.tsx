import { useParams } from '@tanstack/react-router';
import { useCourse } from '../api/courses.ts';
import { Screen } from '../components/screen.tsx';
import { isNotFound, LoadError, Loading } from '../components/status.tsx';
import { CoursePage } from '../features/courses/course-page.tsx';
import { t } from '../i18n/i18n.ts';

/** /courses/{courseId}: one course, its lessons, and the student's way through them. */
export default function CourseRoute() {
  const { courseId } = useParams({ from: '/courses/$courseId' });
  const { data, error, isLoading, mutate } = useCourse(courseId);
  if (error && (isNotFound(error) || !data)) {
    return (
      <Screen title={isNotFound(error) ? t('course.notFound') : t('title.course')}>
        {isNotFound(error) ? (
          <p>{t('course.gone')}</p>
        ) : (
          <LoadError error={error} retry={() => void mutate()} />
        )}
      </Screen>
    );
  }
  if (isLoading || !data) {
    return (
      <Screen title={t('title.course')}>
        <Loading label={t('course.loading')} />
      </Screen>
    );
  }
  return (
    <Screen title={data.title}>
      <CoursePage course={data} />
    </Screen>
  );
}
