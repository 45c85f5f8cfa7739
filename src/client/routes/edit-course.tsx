import { useParams } from '@tanstack/react-router';
import { useCourse } from '../api/courses.ts';
import { Screen } from '../components/screen.tsx';
import { isNotFound, LoadError, Loading } from '../components/status.tsx';
import { CourseForm } from '../features/courses/course-form.tsx';
import { t } from '../i18n/i18n.ts';
import { useCurrentUser } from '../lib/session.tsx';

/** /courses/{courseId}/edit: the course's teacher changes it, its lessons and whether it is published. */
export default function EditCourseRoute() {
  const { courseId } = useParams({ from: '/courses/$courseId/edit' });
  const { data, error, mutate } = useCourse(courseId);
  const me = useCurrentUser();
  let body;
  if (error && (isNotFound(error) || !data)) {
    body = isNotFound(error) ? (
      <p>{t('course.gone')}</p>
    ) : (
      <LoadError error={error} retry={() => void mutate()} />
    );
  } else if (!data) body = <Loading label={t('course.loading')} />;
  else if (me && data.owner._id !== me._id) {
    // Said up front: the server would refuse every change only after Save.
    body = (
      <p className="form-status error" role="alert">
        {t('courseForm.notOwner', { title: data.title, owner: data.owner.username })}
      </p>
    );
  } else body = <CourseForm key={data._id} course={data} />;
  return <Screen title={t('title.editCourse')}>{body}</Screen>;
}
