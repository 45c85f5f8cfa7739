import { Screen } from '../components/screen.tsx';

export default function MyCoursesRoute() {
  return <Screen title="My Courses" />;
}
