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
    // The breadcrumb names the page and the hero's 'become an Instructor & teach what you love'
    // says it again: the page heading stays for screen readers only.
    <Screen title={t('nav.instructor')} breadcrumb titleHidden>
      <InstructorHero />
      <InstructorBenefits />
      <InstructorSteps />
      <InstructorCallToAction />
    </Screen>
  );
}
