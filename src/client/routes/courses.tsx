import { Screen } from '../components/screen.tsx';
import { CourseList } from '../features/marketing/course-list.tsx';
import { t } from '../i18n/i18n.ts';
import { tm } from '../i18n/marketing.ts';

export default function CoursesRoute() {
  return (
    <Screen title={t('nav.courses')} breadcrumb lead={tm('courses.lead')}>
      <CourseList />
    </Screen>
  );
}
