import { Screen } from '../components/screen.tsx';

export default function CoursesRoute() {
  return <Screen title="Courses" />;
}
