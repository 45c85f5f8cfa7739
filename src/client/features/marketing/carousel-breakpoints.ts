import type { Breakpoint } from '../../components/carousel/carousel-settings.ts';

/** The hero shows one slide at every width (product-spec.md §4). */
export const heroBreakpoints: readonly Breakpoint[] = [{ minWidth: 0, items: 1 }];

/**
 * Popular Courses: 5 from 3000 px (the spec's range ends at 4000; wider screens keep 5), 4 from
 * 1024, 2 from 464, 1 below. A width on a boundary takes the wider range, as the old client did.
 */
export const popularCoursesBreakpoints: readonly Breakpoint[] = [
  { minWidth: 3000, items: 5 },
  { minWidth: 1024, items: 4 },
  { minWidth: 464, items: 2 },
  { minWidth: 0, items: 1 },
];
