// Other screens (tweets, videos) keep pending writes in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../src/client/app/signed-in-routes.ts';
import { clientRoutes } from '../../src/shared/routes.ts';
import { uniqueName, useRealServer } from './real-server.ts';
import { renderAppAt } from './render-app.tsx';

/**
 * A concrete URL for a route pattern: each parameter filled with a sample value of that route's
 * own, so that no screen starts from what another test's screen read (the app's cache is shared).
 */
const sampleUrl = (pattern: string) =>
  pattern.replace(/\$[a-zA-Z]+/g, `sample-${pattern.replace(/[^a-z]/gi, '').slice(-24)}`);

describe('the router', { timeout: 20_000 }, () => {
  const ctx = useRealServer();
  const publicRoutes = clientRoutes.filter((r) => !signedInRoutes.has(r.path));
  const privateRoutes = clientRoutes.filter((r) => signedInRoutes.has(r.path));

  it('guards every signed-in screen of the spec and leaves profiles public', () => {
    expect(privateRoutes.map((r) => r.path)).toEqual([
      // Teaching; a course's page and its lessons are public.
      '/courses/new',
      '/courses/$courseId/edit',
      '/dashbord',
      '/videos',
      '/mycourses',
      '/acc',
      '/getvideos',
      '/uploadvideo',
      '/updatevideo/$videoId',
      '/updatecover',
      '/updateavatar',
      '/updateaccount',
      '/changepass',
      '/tweets',
      '/updatetweet/$tweetId',
      '/getusertweets',
      '/createtweet',
      '/mysubscribers',
      '/subscriptions',
      '/downloads',
    ]);
  });

  it.each(publicRoutes.map((r) => [r.path, r.title] as const))(
    'opens %s with its title for a signed-out visitor',
    async (path, title) => {
      await renderAppAt(sampleUrl(path), { api: ctx.client() });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(document.title).toBe(`${title} · EduPortal`);
    },
  );

  it.each(privateRoutes.map((r) => [r.path] as const))(
    'sends a signed-out visitor from %s to /login, remembering where they were',
    async (path) => {
      const { router } = await renderAppAt(`${sampleUrl(path)}?tab=1`, { api: ctx.client() });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login');
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toEqual({ redirect: `${sampleUrl(path)}?tab=1` });
    },
  );

  it.each(privateRoutes.map((r) => [r.path, r.title] as const))(
    'opens %s with its title when signed in',
    async (path, title) => {
      const { api } = await ctx.signedIn(uniqueName('route'));
      const { router } = await renderAppAt(sampleUrl(path), { api });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(document.title).toBe(`${title} · EduPortal`);
      expect(router.state.location.pathname).toBe(sampleUrl(path));
    },
  );

  it('shows a not-found screen for an unknown address', async () => {
    await renderAppAt('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('the layout', () => {
  it('shows the contact details, the navigation and the footer on every screen', async () => {
    await renderAppAt('/courses');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(within(banner).getByRole('link', { name: /^\+\d/ }).getAttribute('href')).toMatch(/^tel:/);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'Home',
      'Courses',
      'Blog',
      'Become an Instructor',
      'Contact',
      'Settings',
      'Login / Register',
    ]);
    expect(within(nav).getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('contentinfo').textContent).toContain('national ID card');
  });

  it('highlights the navigation item of the current screen and follows a click', async () => {
    const { router } = await renderAppAt('/courses');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Blog' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    expect(router.state.location.pathname).toBe('/blog');
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens and closes the small-screen menu with its toggle', async () => {
    await renderAppAt('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.className).not.toContain('open');

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('open');

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(nav.className).not.toContain('open');
  });
});
