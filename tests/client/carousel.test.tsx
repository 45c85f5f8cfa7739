import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  autoplayOptions,
  carouselOptions,
  carouselTiming,
  itemsPerView,
} from '../../src/client/components/carousel/carousel-settings.ts';
import { MinimumDrag } from '../../src/client/components/carousel/minimum-drag.ts';
import {
  heroBreakpoints,
  popularCoursesBreakpoints,
} from '../../src/client/features/marketing/carousel-breakpoints.ts';
import { renderAppAt } from './render-app.tsx';

describe('the carousel settings', () => {
  it.each([
    [0, 1],
    [320, 1],
    [412, 1],
    [463, 1],
    [464, 2],
    [800, 2],
    [1023, 2],
    [1024, 4],
    [1366, 4],
    [2999, 4],
    [3000, 5],
    [4000, 5],
  ])('show %i px wide Popular Courses %i at a time', (width, items) => {
    expect(itemsPerView(width, popularCoursesBreakpoints)).toBe(items);
  });

  it.each([320, 412, 1024, 1366, 4000])('show one hero slide at %i px', (width) => {
    expect(itemsPerView(width, heroBreakpoints)).toBe(1);
  });

  it('loop endlessly, advance every 3000 ms, take 400 ms per change and need an 80 px drag', () => {
    expect(carouselTiming).toEqual({ autoplayDelayMs: 3000, transitionMs: 400, minimumDragPx: 80 });
    const options = carouselOptions({ reducedMotion: false });
    expect(options.loop).toBe(true);
    expect(options.slidesToScroll).toBe(1);
    // Embla's duration unit: 18 is its value for a 400 ms change (measured in the e2e tests).
    expect(options.duration).toBe(18);
    expect(autoplayOptions()).toMatchObject({ delay: 3000, playOnInit: false });
    expect(MinimumDrag(carouselTiming.minimumDragPx).options).toEqual({ minimumPx: 80 });
  });

  it('change slides without animation for reduced motion', () => {
    expect(carouselOptions({ reducedMotion: true })).toMatchObject({ loop: true, duration: 0 });
  });
});

describe('the home carousels', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  const slides = (region: HTMLElement) =>
    within(region)
      .getAllByRole('group')
      .filter((el) => el.getAttribute('aria-roledescription') === 'slide');
  const inView = (region: HTMLElement) => slides(region).filter((el) => !el.hasAttribute('inert'));

  it('render the three hero slides with the spec texts and links', async () => {
    await renderAppAt('/');
    const hero = screen.getByRole('region', { name: 'Highlights' });
    expect(hero.getAttribute('aria-roledescription')).toBe('carousel');
    expect(slides(hero).map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(
      within(hero)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Courses available for student',
      'Teacher can also teach',
      'Schools can purchase courses for student',
    ]);
    // Off-screen slides are inert, so query their links without the accessibility filter.
    const hrefs = slides(hero).map((s) => s.querySelector('a')?.getAttribute('href'));
    expect(hrefs).toEqual(['/courses', '/instructor', '/courses']);
    expect(inView(hero)).toHaveLength(1);
    for (const name of ['Previous slide', 'Pause slideshow', 'Next slide']) {
      expect(within(hero).getByRole('button', { name })).toBeTruthy();
    }
    for (const img of hero.querySelectorAll('img')) {
      expect(img.getAttribute('width')).toBe('800');
      expect(img.getAttribute('height')).toBe('500');
    }
  });

  it('render the Popular Courses cards, as many in view as the width allows', async () => {
    window.innerWidth = 1366;
    await renderAppAt('/');
    const courses = screen.getByRole('region', { name: 'Popular courses' });
    expect(slides(courses).length).toBeGreaterThan(5);
    expect(inView(courses)).toHaveLength(4);
    const card = within(inView(courses)[0]!);
    expect(card.getByRole('heading', { name: 'English Speaking' })).toBeTruthy();
    expect(card.getByText('Communication')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Read More about English Speaking' }).getAttribute('href')).toBe(
      '/courses',
    );

    await act(async () => {
      window.innerWidth = 600;
      fireEvent(window, new Event('resize'));
    });
    expect(inView(courses)).toHaveLength(2);
    await act(async () => {
      window.innerWidth = 400;
      fireEvent(window, new Event('resize'));
    });
    expect(inView(courses)).toHaveLength(1);
    await act(async () => {
      window.innerWidth = 3200;
      fireEvent(window, new Event('resize'));
    });
    expect(inView(courses)).toHaveLength(5);
  });

  it('let the user pause and play the slideshow', async () => {
    await renderAppAt('/');
    const hero = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.click(within(hero).getByRole('button', { name: 'Pause slideshow' }));
    fireEvent.click(within(hero).getByRole('button', { name: 'Play slideshow' }));
    expect(within(hero).getByRole('button', { name: 'Pause slideshow' })).toBeTruthy();
  });

  it('offer no slideshow at all when the system asks for reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    await renderAppAt('/');
    const hero = screen.getByRole('region', { name: 'Highlights' });
    expect(within(hero).queryByRole('button', { name: /slideshow/ })).toBeNull();
    expect(within(hero).getByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(hero.querySelector('.carousel-track')?.getAttribute('aria-live')).toBe('polite');
  });
});
