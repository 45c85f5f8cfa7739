import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../src/client/i18n/en.ts';
import { enScreens } from '../../src/client/i18n/en-screens.ts';
import { enMarketing } from '../../src/client/i18n/en-marketing.ts';
import { enSettings } from '../../src/client/i18n/en-settings.ts';
import { hi } from '../../src/client/i18n/hi.ts';
import { hiMarketing } from '../../src/client/i18n/hi-marketing.ts';
import { hiSettings } from '../../src/client/i18n/hi-settings.ts';
import {
  controlledByWorker,
  desktop,
  h1,
  phone,
  shots,
  signUp,
  uploadClip,
  useChromium,
} from '../helpers/e2e.ts';
import { watchProblems } from '../helpers/page-problems.ts';

// Hindi on every screen, signed out and in, and axe on each in both languages
// (docs/product.md, "Language").

const baseURL = inject('baseURL');
const browser = useChromium();
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every message key: one showing on a screen means its words were not loaded (i18n.ts). */
const messageKeys = Object.keys({ ...en, ...enScreens, ...enMarketing, ...enSettings });

/** The keys a screen shows as text, or as a label, title or placeholder, instead of words. */
async function keysShown(page: Page): Promise<string[]> {
  return page.evaluate((keys) => {
    const said = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) said.push(el.getAttribute(name) ?? '');
    }
    const text = said.join('\n');
    return keys.filter((key) => text.includes(key));
  }, messageKeys);
}

/**
 * The English UI text that must not show in Hindi: every catalogue message (and plural form)
 * that Hindi says otherwise, cut at its placeholders, the pieces of three letters or more.
 */
function englishPieces(): string[] {
  const pieces = new Set<string>();
  const englishWords: Record<string, string | Record<string, string>> = {
    ...en,
    ...enScreens,
    ...enMarketing,
    ...enSettings,
  };
  const hindiWords: Record<string, string | Record<string, string>> = {
    ...hi,
    ...hiMarketing,
    ...hiSettings,
  };
  for (const key of Object.keys(englishWords)) {
    const english = englishWords[key]!;
    const hindi = hindiWords[key]!;
    const forms = typeof english === 'string' ? [english] : Object.values(english);
    const hindiForms = typeof hindi === 'string' ? [hindi] : Object.values(hindi);
    for (const form of forms) {
      if (hindiForms.includes(form)) continue;
      for (const piece of form.split(/\{\w+\}/)) {
        const trimmed = piece.trim().replace(/^[\s,.:;·–—“”"()]+|[\s,.:;·–—“”"()]+$/g, '');
        if (/[A-Za-z]{3}/.test(trimmed)) pieces.add(trimmed);
      }
    }
  }
  return [...pieces];
}
const pieces = englishPieces();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Everything a student sees or hears on the page: its text, labels, alternatives and title. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // User content (titles, descriptions, comments, tweets, names) is shown as written, in
    // whatever language its author used: left out of the text read here, other journeys' included.
    const userContent = document.querySelectorAll<HTMLElement>(
      '.tweet-content, .tweet-fullname, .comment-text, .video-card-title, .video-card-description, ' +
        '.player-title, .player-description, .video-title, .download-title',
    );
    const display = [...userContent].map((el) => el.style.display);
    userContent.forEach((el) => (el.style.display = 'none'));
    const said: string[] = [document.title, document.body.innerText];
    userContent.forEach((el, i) => (el.style.display = display[i]!));
    for (const el of document.querySelectorAll(
      '[aria-label], [alt], [title], [placeholder], [aria-roledescription]',
    )) {
      if (el.closest('[translate="no"], [hidden], #app-shell')) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder', 'aria-roledescription']) {
        const value = el.getAttribute(name);
        if (value) said.push(value);
      }
    }
    return said.join('\n');
  });
}

/** English catalogue text found on the page (user content, not in the catalogue, is ignored). */
async function englishOn(page: Page): Promise<string[]> {
  const text = await shownText(page);
  return pieces.filter((piece) => new RegExp(`(?<![A-Za-z])${escape(piece)}(?![A-Za-z])`).test(text));
}

/** Opens a route and waits until its screen (not the skeleton) is in. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await expect
    .poll(
      async () =>
        (await h1(page).count()) > 0 && (await page.locator('.load-state[role="status"]').count()) === 0,
      { timeout: 20_000 },
    )
    .toBe(true);
  await page
    .locator('.screen-skeleton')
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => undefined);
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const publicRoutes = [
  '/',
  '/courses',
  '/blog',
  '/instructor',
  '/contact',
  '/login',
  '/register',
  '/settings',
];

describe('Hindi and English on every screen', () => {
  let context: BrowserContext;
  let routes: string[] = [];
  beforeAll(async () => {
    context = await browser().newContext({ baseURL, ...phone });
    const { username } = await signUp(context, 'hindi', 'Asha Verma');
    const videoId = await uploadClip(context, 'Bhinna ke sawaal', 'Kaksha saat');
    const tweet = await context.request.post('/api/v1/tweets', {
      headers: { origin: baseURL },
      data: { content: 'Kal ki kaksha mein milte hain' },
    });
    expect(tweet.status()).toBe(201);
    const tweetId = ((await tweet.json()) as { data: { _id: string } }).data._id;
    const course = await context.request.post('/api/v1/courses', {
      headers: { origin: baseURL },
      data: { title: 'Bhinna ka kors', description: 'Kaksha saat', language: 'hi' },
    });
    expect(course.status()).toBe(201);
    const courseId = ((await course.json()) as { data: { _id: string } }).data._id;
    const lessons = await context.request.put(`/api/v1/courses/${courseId}/lessons`, {
      headers: { origin: baseURL },
      data: { videoIds: [videoId] },
    });
    expect(lessons.status()).toBe(200);
    routes = [
      '/courses/new',
      `/courses/${courseId}`,
      `/courses/${courseId}/edit`,
      `/courses/${courseId}/lessons/${videoId}`,
      '/dashbord',
      '/videos',
      `/videos/${videoId}`,
      '/mycourses',
      '/acc',
      '/getvideos',
      '/uploadvideo',
      `/updatevideo/${videoId}`,
      '/updatecover',
      '/updateavatar',
      '/updateaccount',
      '/changepass',
      `/userprofile/${username}`,
      `/userprofile1/${username}`,
      '/tweets',
      `/updatetweet/${tweetId}`,
      '/getusertweets',
      '/createtweet',
      '/mysubscribers',
      '/subscriptions',
      '/outbox',
      ...publicRoutes,
    ];
  });
  afterAll(async () => {
    await context.close();
  });

  it(
    'switches to Hindi from the top bar, and no screen shows English UI text, signed in or out',
    { timeout: 300_000 },
    async () => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await open(page, '/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByRole('button', { name: 'Language: English' }).tap();
      await page.locator('button[lang="hi"]', { hasText: 'हिन्दी' }).tap();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      // The screen is rendered again in Hindi, in place of the English one.
      await expect.poll(() => h1(page).allTextContents()).toEqual(['होम']);
      expect(await page.getByRole('button', { name: 'भाषा: हिन्दी' }).isVisible()).toBe(true);

      const found: Record<string, string[]> = {};
      for (const route of routes) {
        await open(page, route);
        expect(await page.evaluate(() => document.documentElement.lang), route).toBe('hi');
        const english = await englishOn(page);
        if (english.length > 0) found[route] = english;
      }
      await open(page, '/settings');
      await page.screenshot({ path: path.join(shots, 'settings-hindi-phone.png'), fullPage: true });

      // Signed out: the public screens again.
      await context.request.post('/api/v1/users/logout', { headers: { origin: baseURL } });
      await context.clearCookies();
      for (const route of publicRoutes) {
        await open(page, route);
        const english = await englishOn(page);
        if (english.length > 0) found[`${route} (signed out)`] = english;
      }
      await open(page, '/');
      await page.screenshot({ path: path.join(shots, 'home-hindi-phone.png') });
      expect(found).toEqual({});
      expect(problems).toEqual([]);
    },
  );

  it('keeps Hindi and <html lang="hi"> through an offline reload, with no flash of English', async () => {
    const page = await context.newPage();
    await page.goto('/');
    await controlledByWorker(page);
    await context.setOffline(true);
    try {
      await page.reload({ waitUntil: 'domcontentloaded' });
      // Before the app's code runs, the static top bar is already the Hindi one.
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      expect(
        await page
          .locator('.shell-lang-en')
          .isVisible()
          .catch(() => false),
      ).toBe(false);
      await expect.poll(() => h1(page).textContent()).toBe('होम');
      expect(await page.getByRole('link', { name: 'कोर्स', exact: true }).first().isVisible()).toBe(true);
      await page.screenshot({ path: path.join(shots, 'home-hindi-offline-phone.png') });
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('axe in both languages', () => {
  it(
    'finds no violation on any screen, signed in and out, in English and Hindi',
    { timeout: 600_000 },
    async () => {
      const found: Record<string, string[]> = {};
      // At a phone's size, where target sizes are smallest (the journeys' screenshots cover desktop).
      for (const viewport of [phone]) {
        const context = await browser().newContext({ baseURL, ...viewport });
        try {
          const { username } = await signUp(context, 'axe', 'Ravi Kumar');
          const signedIn = [
            '/dashbord',
            '/acc',
            '/getvideos',
            '/uploadvideo',
            '/updateaccount',
            '/changepass',
            '/tweets',
            '/getusertweets',
            '/createtweet',
            '/subscriptions',
            '/mysubscribers',
            '/mycourses',
            '/updateavatar',
            '/updatecover',
            '/outbox',
            `/userprofile/${username}`,
            `/userprofile1/${username}`,
            ...publicRoutes,
          ];
          const page = await context.newPage();
          for (const language of ['en', 'hi'] as const) {
            await page.goto('/');
            await page.evaluate((lang) => localStorage.setItem('eduportal-language', lang), language);
            for (const route of signedIn) {
              await open(page, route);
              const violations = [...(await axeViolations(page)), ...(await keysShown(page))];
              if (violations.length > 0) found[`${language} ${route}`] = violations;
            }
            await open(page, '/settings');
            await page.screenshot({
              path: path.join(shots, `settings-${language}-phone.png`),
              fullPage: true,
            });
          }
          await context.clearCookies();
          for (const language of ['en', 'hi'] as const) {
            await page.goto('/');
            await page.evaluate((lang) => localStorage.setItem('eduportal-language', lang), language);
            for (const route of publicRoutes) {
              await open(page, route);
              const violations = [...(await axeViolations(page)), ...(await keysShown(page))];
              if (violations.length > 0) found[`${language} ${route} (signed out)`] = violations;
            }
          }
        } finally {
          await context.close();
        }
      }
      // A computer's screen too, for the home page and the settings, with their screenshots.
      const wide = await browser().newContext({ baseURL, ...desktop });
      try {
        const page = await wide.newPage();
        for (const language of ['en', 'hi'] as const) {
          await page.goto('/');
          await page.evaluate((lang) => localStorage.setItem('eduportal-language', lang), language);
          for (const route of ['/', '/settings']) {
            await open(page, route);
            const violations = await axeViolations(page);
            if (violations.length > 0) found[`${language} desktop ${route}`] = violations;
            const name = route === '/' ? 'home' : 'settings';
            await page.screenshot({ path: path.join(shots, `${name}-${language}-desktop.png`) });
          }
        }
      } finally {
        await wide.close();
      }
      expect(found).toEqual({});
    },
  );
});
