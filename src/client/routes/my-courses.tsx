import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';

/** A placeholder, as in the spec: course enrolment is not part of the product yet. */
export default function MyCoursesRoute() {
  return (
    <Screen title="My Courses">
      <p>The courses you take will be listed here.</p>
      <p>
        <Link to="/courses" className="text-link">
          Browse the courses
        </Link>
      </p>
    </Screen>
  );
}
