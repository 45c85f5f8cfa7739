import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { watchProblems } from '../helpers/page-problems.ts';
import { h1, shots, useChromium } from '../helpers/e2e.ts';

const baseURL = inject('baseURL');

const browser = useChromium();

describe('the app shell on a desktop', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser().newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  });
  afterAll(async () => {
    await context.close();
  });

  it('opens /, is taken over by the service worker, and then opens every screen offline', async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/');
    await expect.poll(() => h1(page).textContent()).toBe('Home');
    expect(await page.title()).toBe('Home · EduPortal');
    expect(await page.getByRole('link', { name: 'EduPortal', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login / Register' }).isVisible()).toBe(true);

    // The first visit installs the worker, which takes control of this very page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    await page.screenshot({ path: path.join(shots, 'home-desktop.png'), fullPage: true });

    // A deep link and a reload answer the app.
    await page.goto('/instructor');
    await expect.poll(() => h1(page).textContent()).toBe('Become an Instructor');
    await page.reload();
    await expect.poll(() => h1(page).textContent()).toBe('Become an Instructor');

    // With the network gone, a screen never opened before still opens, by link and by reload.
    await context.setOffline(true);
    try {
      await page.goto('/courses');
      await expect.poll(() => h1(page).textContent()).toBe('Courses');
      await page.reload();
      await expect.poll(() => h1(page).textContent()).toBe('Courses');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
      await expect.poll(() => h1(page).textContent()).toBe('Contact');
    } finally {
      await context.setOffline(false);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  // Two starts: the home page's light one (app/light-start.tsx) and every other screen's.
  it.each([
    ['/', 'light-start'],
    ['/login', 'boot'],
  ])(
    '%s: says the app could not finish loading when its start file (%s) does not arrive',
    async (route, file) => {
      const cold = await browser().newContext({ baseURL, viewport: { width: 412, height: 915 } });
      try {
        await cold.route('**/sw.js', (route) => route.abort());
        await cold.route(new RegExp(`/assets/${file}-[\\w-]+\\.js$`), (route) =>
          route.abort('internetdisconnected'),
        );
        const page = await cold.newPage();
        await page.goto(route);
        const alert = page.getByRole('alert');
        await alert.waitFor({ timeout: 15_000 });
        expect(await alert.textContent()).toBe(
          'EduPortal could not finish loading. Check your connection, then reload the page.',
        );
        // The static top bar stays, so the student still sees where they are.
        expect(await page.getByRole('link', { name: 'EduPortal', exact: true }).isVisible()).toBe(true);
      } finally {
        await cold.close();
      }
    },
  );

  it('answers an unknown API path with the JSON 404 envelope', async () => {
    const res = await context.request.get('/api/v1/nope');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      statusCode: 404,
      success: false,
      message: 'No route for GET /api/v1/nope',
      data: null,
      errors: [{ message: 'No route for GET /api/v1/nope' }],
    });
  });
});

describe('the app shell on a phone', () => {
  it('hides the navigation behind the menu toggle and highlights the chosen item', async () => {
    const context = await browser().newContext({
      baseURL,
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/');
    await expect.poll(() => h1(page).textContent()).toBe('Home');

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    expect(await nav.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'menu-phone.png') });

    await nav.getByRole('link', { name: 'Blog' }).tap();
    await expect.poll(() => h1(page).textContent()).toBe('Blog');
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    expect(await nav.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: path.join(shots, 'blog-phone.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
