import type { Breakpoint } from '../../components/carousel/carousel-settings.ts';

/** The hero shows one slide at every width (docs/product.md, "What changes on screen, and when"). */
export const heroBreakpoints: readonly Breakpoint[] = [{ minWidth: 0, items: 1 }];

/**
 * Popular Courses: 5 from 3000 px (docs/product.md; wider screens than 4000 keep 5), 4 from
 * 1024, 2 from 464, 1 below. A width on a boundary takes the wider range, as the old client did.
 */
export const popularCoursesBreakpoints: readonly Breakpoint[] = [
  { minWidth: 3000, items: 5 },
  { minWidth: 1024, items: 4 },
  { minWidth: 464, items: 2 },
  { minWidth: 0, items: 1 },
];
