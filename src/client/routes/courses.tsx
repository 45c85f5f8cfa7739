import { Screen } from '../components/screen.tsx';
import { CourseList } from '../features/marketing/course-list.tsx';

export default function CoursesRoute() {
  return (
    <Screen title="Courses" breadcrumb lead="Start with a course and learn at your own pace, online or off.">
      <CourseList />
    </Screen>
  );
}
