import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PAGE_IDLE_MARK } from '../../src/client/app/page-idle.ts';
import { watchProblems } from '../helpers/page-problems.ts';
import { desktop, h1, phone, shots, signUp, useChromium } from '../helpers/e2e.ts';

// The home page opens without the router (src/client/app/light-routes.ts): React DOM and its
// screen answer taps; the app's code (its chunks are named boot and router) comes once the page
// is idle, or, with data saver on, when a link is followed, and takes over the same page.
const baseURL = inject('baseURL');
const browser = useChromium();
const appCode = /\/assets\/(boot|router)-[\w-]+\.js$/;

/** When the page asked for the app's code, in the page's time; none yet: an empty list. */
const appCodeAskedAt = (page: Page) =>
  page.evaluate(
    (pattern) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    appCode.source,
  );

const idleAt = (page: Page) =>
  page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, PAGE_IDLE_MARK);

async function openHome(options: BrowserContextOptions, storage: Record<string, string> = {}) {
  const context = await browser().newContext({ baseURL, ...options, serviceWorkers: 'block' });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const seen = watchProblems(page);
  // The worker is blocked here: its registration's refusal is not the page's fault.
  const problems = () => seen.filter((problem) => !/Service Worker registration blocked/.test(problem));
  await page.goto('/');
  // The light start's own top bar has replaced the page's static one.
  await page.waitForFunction(() => document.getElementById('app-shell') === null);
  await expect.poll(() => h1(page).textContent()).toBe('Home');
  // A mark that a full page load would wipe: the links below must keep the same document.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  return { context, page, problems };
}

const samePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);

describe('the home page starts without the router', () => {
  it('answers taps with its own code, downloads the app’s once idle, and a link opens the screen in the same page', async () => {
    const { context, page, problems } = await openHome(phone);
    // The phone menu opens and closes before any of the app's code.
    const toggle = page.locator('button.menu-toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.screenshot({ path: path.join(shots, 'light-start-menu-phone.png') });

    // The app's code is asked for at the idle mark, not before it.
    await expect.poll(() => idleAt(page), { timeout: 30_000 }).not.toBeNull();
    await expect.poll(() => appCodeAskedAt(page).then((at) => at.length)).toBeGreaterThan(0);
    const idle = (await idleAt(page)) ?? 0;
    for (const at of await appCodeAskedAt(page)) expect(at).toBeGreaterThanOrEqual(idle);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Courses');
    expect(new URL(page.url()).pathname).toBe('/courses');
    expect(await samePage(page)).toBe(true);
    // The router runs the page now: Back and Forward move between the two screens.
    await page.goBack();
    await expect.poll(() => h1(page).textContent()).toBe('Home');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goForward();
    await expect.poll(() => h1(page).textContent()).toBe('Courses');
    expect(await samePage(page)).toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('with data saver on, the app’s code comes only when a link is followed', async () => {
    const { context, page, problems } = await openHome(desktop, { 'eduportal-data-saver': 'on' });
    await expect.poll(() => idleAt(page), { timeout: 30_000 }).not.toBeNull();
    await page.waitForLoadState('networkidle');
    expect(await appCodeAskedAt(page)).toEqual([]);
    // The app's code held back, as on a slow link: the skeleton holds the screen's place after a
    // second, and the address changes only once there is a screen to show for it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('main').getByRole('link', { name: 'Become an Instructor' }).first().click();
    await page.getByRole('status', { name: 'Loading' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    release();
    await expect.poll(() => h1(page).textContent()).toBe('Become an Instructor');
    expect(new URL(page.url()).pathname).toBe('/instructor');
    expect(await samePage(page)).toBe(true);
    expect((await appCodeAskedAt(page)).length).toBeGreaterThan(0);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a signed-in student sees their own menu there, and Logout signs them out to the login screen', async () => {
    const context = await browser().newContext({ baseURL, ...desktop, serviceWorkers: 'block' });
    const { username } = await signUp(context, 'lightout', 'Meera Iyer');
    const page = await context.newPage();
    await page.goto('/');
    const yours = page.getByRole('navigation', { name: 'Your pages' });
    await expect.poll(() => yours.getByText(username).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'light-start-signed-in-desktop.png') });
    await yours.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Login');
    expect(new URL(page.url()).pathname).toBe('/login');
    const me = await context.request.get('/api/v1/users/current-user');
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('offline before the app’s code came, a link keeps the page and says why', async () => {
    const { context, page } = await openHome(desktop, { 'eduportal-data-saver': 'on' });
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect
      .poll(() => page.getByText('You are offline, and nothing has been saved on this device').isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await samePage(page)).toBe(true);
    // Back online, the same link opens its screen.
    await context.setOffline(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Blog');
    expect(await samePage(page)).toBe(true);
    await context.close();
  });
});
