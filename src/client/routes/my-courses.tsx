import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';

/** A placeholder (docs/product.md, "The student's account"): course enrolment is not part of the product yet. */
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
