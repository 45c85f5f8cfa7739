import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientRoutes } from '../../src/shared/routes.ts';
import { renderAppAt } from './render-app.tsx';

/** A concrete URL for a route pattern: each parameter filled with a sample value. */
const sampleUrl = (pattern: string) => pattern.replace(/\$[a-zA-Z]+/g, 'sample-1');

describe('the router', () => {
  it.each(clientRoutes.map((r) => [r.path, r.title] as const))(
    'opens %s with its title',
    async (path, title) => {
      await renderAppAt(sampleUrl(path));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(document.title).toBe(`${title} · EduPortal`);
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
