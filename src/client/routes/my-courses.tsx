import { Screen } from '../components/screen.tsx';
import { MyCourses } from '../features/courses/my-courses.tsx';
import { t } from '../i18n/i18n.ts';

/** /mycourses: the student's courses (docs/product.md, "Courses"). */
export default function MyCoursesRoute() {
  return (
    <Screen title={t('title.myCourses')}>
      <MyCourses />
    </Screen>
  );
}
