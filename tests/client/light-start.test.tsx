import { act, screen, within } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lightStart } from '../../src/client/app/light-start.tsx';

// The home page's light start (src/client/app/light-start.tsx) in jsdom: its links are plain
// addresses, a click the browser should handle itself (a new tab, a download) is left to it,
// and a plain click hands the page to the router in the same document. The journeys in
// tests/e2e/light-start.e2e.ts walk the same in Chromium, with its network.
let root: Root | undefined;
let container: HTMLElement | undefined;

async function startHome() {
  window.history.replaceState(null, '', '/');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(() => lightStart(root as Root, '/'));
  await screen.findByRole('heading', { level: 1, name: 'Home' });
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  window.history.replaceState(null, '', '/');
});

describe('the light start', { timeout: 20_000 }, () => {
  it('renders the home page with plain links, the open page marked', async () => {
    const nav = await startHome();
    const home = nav.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(home.className).toBe('active');
    const courses = nav.getByRole('link', { name: 'Courses' });
    expect(courses.getAttribute('href')).toBe('/courses');
    expect(courses.getAttribute('aria-current')).toBeNull();
  });

  it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }])(
    'leaves a click with %o to the browser',
    async (init) => {
      const nav = await startHome();
      const link = nav.getByRole('link', { name: 'Blog' });
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      act(() => {
        link.dispatchEvent(click);
      });
      expect(click.defaultPrevented).toBe(false);
      expect(window.location.pathname).toBe('/');
    },
  );

  it('hands the page to the router on a plain click: the address and the screen change', async () => {
    const nav = await startHome();
    const link = nav.getByRole('link', { name: 'Blog' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    await screen.findByRole('heading', { level: 1, name: 'Blog' }, { timeout: 15_000 });
    expect(window.location.pathname).toBe('/blog');
  });
});
