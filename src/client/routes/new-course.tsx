import { Screen } from '../components/screen.tsx';
import { CourseForm } from '../features/courses/course-form.tsx';
import { t } from '../i18n/i18n.ts';

/** /courses/new: any signed-in user can teach ("teach a course" on /instructor leads here). */
export default function NewCourseRoute() {
  return (
    <Screen title={t('title.newCourse')} lead={t('courseForm.lead')}>
      <CourseForm />
    </Screen>
  );
}
