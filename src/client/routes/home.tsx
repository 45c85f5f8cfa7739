import { Screen } from '../components/screen.tsx';
import { HeroCarousel } from '../features/marketing/hero-carousel.tsx';
import { HomeSections } from '../features/marketing/home-sections.tsx';
import { OutstandingCategories } from '../features/marketing/outstanding-categories.tsx';
import { PopularCourses } from '../features/marketing/popular-courses.tsx';
import { t } from '../i18n/i18n.ts';

export default function HomeRoute() {
  return (
    <Screen title={t('nav.home')} titleHidden>
      <HeroCarousel />
      <PopularCourses />
      <OutstandingCategories />
      <HomeSections />
    </Screen>
  );
}
