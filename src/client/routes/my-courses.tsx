import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { t } from '../i18n/i18n.ts';

/** A placeholder (docs/product.md, "The student's account"): course enrolment is not part of the product yet. */
export default function MyCoursesRoute() {
  return (
    <Screen title={t('title.myCourses')}>
      <p>{t('myCourses.text')}</p>
      <p>
        <Link to="/courses" className="text-link">
          {t('myCourses.browse')}
        </Link>
      </p>
    </Screen>
  );
}
