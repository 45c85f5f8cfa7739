import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { prerenderedRoutes } from '../../src/client/app/prerendered-routes.ts';
import { PAGE_IDLE_MARK } from '../../src/client/app/page-idle.ts';
import { FIRST_READS_ID } from '../../src/shared/first-reads.ts';
import { clientRoutes } from '../../src/shared/routes.ts';
import {
  controlledByWorker,
  desktop,
  phone,
  shots,
  signUp,
  uploadClip,
  useChromium,
} from '../helpers/e2e.ts';

// What a first visit gets in its first round trips (docs/architecture.md, "Start"): the marketing
// pages' content in their HTML, a signed-in list's first page in its page, and a worker that waits
// for the page to be idle before downloading anything.
const baseURL = inject('baseURL');
const browser = useChromium();
const sizes: Array<[string, BrowserContextOptions]> = [
  ['phone', phone],
  ['desktop', desktop],
];

/** A route's address, with its parameters filled in. */
const address = (route: string) => route.replace(/\$\w+/g, 'x');

/** The first reads block of a page, parsed, or undefined. */
function firstReadsOf(html: string): Record<string, { data: unknown }> | undefined {
  const block = new RegExp(`<script type="application/json" id="${FIRST_READS_ID}">([^<]*)</script>`).exec(
    html,
  );
  return block?.[1] ? (JSON.parse(block[1]) as Record<string, { data: unknown }>) : undefined;
}

describe('the marketing pages are in their HTML', () => {
  it.each(prerenderedRoutes)('%s: its screen, heading and styles, with JavaScript off', async (route) => {
    for (const [size, options] of sizes) {
      const context = await browser().newContext({ baseURL, ...options, javaScriptEnabled: false });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      });
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      // The screen itself, not the skeleton: its heading, and some of its words in <main>.
      const heading = page.locator('main h1');
      await expect.poll(() => heading.count()).toBe(1);
      expect(((await page.locator('main').first().textContent()) ?? '').trim().length).toBeGreaterThan(100);
      // Its styles applied, from the inline block the policy allows: the top bar is laid out.
      const header = await page.locator('.shell-lang-en .site-header').boundingBox();
      expect(header?.height ?? 0).toBeGreaterThan(40);
      expect(header?.height ?? 0).toBeLessThan(200);
      expect(refused.filter((text) => /Content Security Policy/.test(text))).toEqual([]);
      // Nothing in the copy takes input the app's render would then drop.
      expect(
        await page.locator('.shell-lang-en :is(input, textarea, select, button):not([disabled])').count(),
      ).toBe(0);
      await page.screenshot({
        path: path.join(
          shots,
          `prerendered${route === '/' ? '-home' : route.replaceAll('/', '-')}-nojs-${size}.png`,
        ),
      });
      await context.close();
    }
  });

  it('no other screen is prerendered: screens with their own data get the skeleton', async () => {
    for (const { path: route } of clientRoutes) {
      const html = await (await fetch(`${baseURL}${address(route)}`)).text();
      expect(html.includes('<main id="main"'), route).toBe(prerenderedRoutes.includes(route));
      expect(html.includes('class="screen-skeleton"'), route).toBe(true);
    }
  });

  it('with JavaScript on, the app takes over: one page, no errors, the heading once', async () => {
    for (const route of prerenderedRoutes) {
      const context = await browser().newContext({ baseURL, ...phone, serviceWorkers: 'block' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !/Service Worker registration blocked/.test(message.text()))
          errors.push(message.text());
      });
      await page.goto(route);
      await page.waitForFunction(() => document.getElementById('app-shell') === null);
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('main h1').count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a student who chose Hindi never sees the English page: the Hindi shell, then the Hindi app', async () => {
    const context = await browser().newContext({ baseURL, ...phone, serviceWorkers: 'block' });
    await context.addInitScript(() => {
      localStorage.setItem('eduportal-language', 'hi');
      // Every frame until the app is on show: is any English of the prerendered page visible?
      const w = window as unknown as { englishSeen: boolean };
      w.englishSeen = false;
      const check = () => {
        for (const el of document.querySelectorAll('.shell-lang-en *')) {
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.height > 0) w.englishSeen = true;
        }
        if (document.getElementById('root')?.childElementCount === 0) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('main h1').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.getElementById('app-shell') === null);
    expect(await page.evaluate(() => (window as unknown as { englishSeen: boolean }).englishSeen)).toBe(
      false,
    );
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await context.close();
  });
});

describe('a signed-in list carries its first page', () => {
  let student: BrowserContext;
  let other: BrowserContext;
  let studentName: string;
  let otherName: string;
  const sneaky = 'Fractions </script><script>alert(1)</script> <!-- & more';
  beforeAll(async () => {
    student = await browser().newContext({ baseURL, ...phone, serviceWorkers: 'block' });
    ({ username: studentName } = await signUp(student, 'firstread', 'Asha Rao'));
    await uploadClip(student, sneaky, 'A title that tries to end the script block.');
    other = await browser().newContext({ baseURL, ...phone, serviceWorkers: 'block' });
    ({ username: otherName } = await signUp(other, 'firstother', 'Ravi Das'));
  });

  it.each(['/dashbord', '/videos'])(
    '%s: the page holds that student’s own reads, private, escaped; signed out or another student, never theirs',
    async (route) => {
      const res = await student.request.get(route);
      expect(res.headers()['cache-control']).toBe('private, no-cache');
      expect(res.headers()['vary']).toMatch(/Cookie/);
      const html = await res.text();
      expect(html).not.toContain('</script><script>alert(1)');
      const reads = firstReadsOf(html);
      const me = reads?.['/users/current-user']?.data as { username: string } | undefined;
      expect(me?.username).toBe(studentName);
      const list = reads?.['/videos?page=1&limit=12']?.data as { docs: Array<{ title: string }> } | undefined;
      // Exactly what the API answers for the same read.
      const api = (await (await student.request.get('/api/v1/videos?page=1&limit=12')).json()) as {
        data: { docs: Array<{ title: string }> };
      };
      expect(list?.docs.map((v) => v.title)).toEqual(api.data.docs.map((v) => v.title));
      expect(list?.docs.map((v) => v.title)).toContain(sneaky);
      // Rendered there too, escaped as text: the list is in the HTML, with the student's name on top.
      expect(html).toContain('class="video-card-title">Fractions &lt;/script&gt;&lt;script&gt;alert(1)');
      expect(html).toContain('<main id="main"');

      // Another student's page is theirs; a visitor without a session gets none.
      const theirs = firstReadsOf(await (await other.request.get(route)).text());
      expect((theirs?.['/users/current-user']?.data as { username: string }).username).toBe(otherName);
      const anonymous = await fetch(`${baseURL}${route}`);
      const anonymousHtml = await anonymous.text();
      expect(firstReadsOf(anonymousHtml)).toBeUndefined();
      expect(anonymousHtml).not.toContain('video-card');
      expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('with JavaScript off, a signed-in /dashbord shows its list, styled', async () => {
    for (const [size, options] of sizes) {
      const context = await browser().newContext({ baseURL, ...options, javaScriptEnabled: false });
      await context.addCookies(await student.cookies());
      const page = await context.newPage();
      await page.goto('/dashbord');
      const card = page.locator('.video-card-title', { hasText: 'Fractions' }).first();
      expect(await card.isVisible()).toBe(true);
      // The grid's stylesheet is applied from the start: a card is a box, not a line of text.
      const box = await page.locator('.video-card').first().boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(150);
      await page.screenshot({ path: path.join(shots, `rendered-dashbord-nojs-${size}.png`) });
      await context.close();
    }
  });

  it('the list shows from the page’s own reads while the API’s list read is held back', async () => {
    const context = await browser().newContext({ baseURL, ...phone, serviceWorkers: 'block' });
    await context.addCookies(await student.cookies());
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(/\/api\/v1\/(videos\?|users\/current-user)/, async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.goto('/dashbord');
    // The card is on screen while every list and user read the page made waits unanswered.
    await page.locator('.video-card-title', { hasText: 'Fractions' }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('main h1').textContent()).toBe('All videos');
    release();
    // No second ask for the user (the page said who it is); the list is read again behind it.
    expect(asked.filter((p) => p === '/api/v1/users/current-user')).toEqual([]);
    await context.close();
  });
});

describe('the worker waits for the page', () => {
  it.each(['/', '/courses'])(
    '%s: the worker downloads nothing before the page is idle, then takes over',
    async (route) => {
      const context = await browser().newContext({ baseURL, ...phone });
      const workerRequests: Array<{ at: number; url: string }> = [];
      context.on('request', (request: Request) => {
        if (request.serviceWorker()) workerRequests.push({ at: Date.now(), url: request.url() });
      });
      const page = await context.newPage();
      await page.goto(route);
      await controlledByWorker(page);
      const idleAt = await page.evaluate(
        (mark) => performance.timeOrigin + (performance.getEntriesByName(mark)[0]?.startTime ?? Infinity),
        PAGE_IDLE_MARK,
      );
      expect(Number.isFinite(idleAt)).toBe(true);
      expect(workerRequests.length).toBeGreaterThan(0);
      // Clocks of the page and the test are the same machine's; a margin for the mark's rounding.
      expect(workerRequests.filter((r) => r.at < idleAt - 50)).toEqual([]);
      await context.close();
    },
  );

  it('under the worker, a screen downloads none of the home page’s files', async () => {
    const context = await browser().newContext({ baseURL, ...desktop });
    const page = await context.newPage();
    await page.goto('/login');
    await controlledByWorker(page);
    const files: string[] = [];
    page.on('request', (request) => files.push(new URL(request.url()).pathname));
    await page.reload();
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    // index.html, the home page's own page, answered every navigation and preloaded its styles.
    expect(files.filter((file) => /\/assets\/(home|marketing)-/.test(file))).toEqual([]);
    await context.close();
  });
});
