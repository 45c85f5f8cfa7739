import { Screen } from '../components/screen.tsx';
import { HeroCarousel } from '../features/marketing/hero-carousel.tsx';
import { HomeSections } from '../features/marketing/home-sections.tsx';
import { OutstandingCategories } from '../features/marketing/outstanding-categories.tsx';
import { PopularCourses } from '../features/marketing/popular-courses.tsx';

export default function HomeRoute() {
  return (
    <Screen title="Home" titleHidden>
      <HeroCarousel />
      <PopularCourses />
      <OutstandingCategories />
      <HomeSections />
    </Screen>
  );
}
