import { Screen } from '../components/screen.tsx';
import {
  InstructorBenefits,
  InstructorCallToAction,
  InstructorHero,
  InstructorSteps,
} from '../features/marketing/instructor-sections.tsx';
import { t } from '../i18n/i18n.ts';

export default function InstructorRoute() {
  return (
    <Screen title={t('nav.instructor')} breadcrumb>
      <InstructorHero />
      <InstructorBenefits />
      <InstructorSteps />
      <InstructorCallToAction />
    </Screen>
  );
}
