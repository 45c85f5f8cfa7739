import { Screen } from '../components/screen.tsx';

export default function InstructorRoute() {
  return <Screen title="Become an Instructor" />;
}
