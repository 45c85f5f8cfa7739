import { Screen } from '../components/screen.tsx';
import {
  InstructorBenefits,
  InstructorCallToAction,
  InstructorHero,
  InstructorSteps,
} from '../features/marketing/instructor-sections.tsx';

export default function InstructorRoute() {
  return (
    <Screen title="Become an Instructor" breadcrumb>
      <InstructorHero />
      <InstructorBenefits />
      <InstructorSteps />
      <InstructorCallToAction />
    </Screen>
  );
}
