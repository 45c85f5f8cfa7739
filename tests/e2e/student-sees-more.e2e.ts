import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../src/shared/contracts/videos.ts';
import { makeClip } from '../helpers/clips.ts';
import {
  desktop,
  h1,
  openAndSave,
  password,
  phone,
  shots,
  signUp,
  uniqueName,
  uploadMp4,
  useChromium,
} from '../helpers/e2e.ts';
import { jpegWithExif } from '../helpers/http.ts';
import { startSlowLink, type SlowLink } from '../helpers/slow-link.ts';

// More of what a new student saw on trying the app (the smaller things of a walk through it):
// each check here failed before its fix.
const baseURL = inject('baseURL');
const browser = useChromium();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-student-more-'));
const notAVideo = path.join(work, 'lesson.webm');
const thumbnail = path.join(work, 'thumb.png');
const clip = path.join(work, 'short.mp4');

beforeAll(async () => {
  // Six MB that call themselves a WebM: more than one 5 MiB piece, and the server refuses them
  // once they are all there (they are not a video).
  fs.writeFileSync(notAVideo, randomBytes(6 * 1024 * 1024));
  await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2266aa' } })
    .png()
    .toFile(thumbnail);
  makeClip(clip, { width: 640, height: 360, seconds: 4 });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const inHindi = (context: BrowserContext) =>
  context.addInitScript(() => localStorage.setItem('eduportal-language', 'hi'));

/** The messages on show in `main` (alerts, statuses, field errors), each as its text. */
const messagesIn = (page: Page) =>
  page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('[role="alert"], [role="status"], .form-field-error')]
      .filter((el) => !el.closest('[hidden]'))
      .map((el) => el.textContent!.trim().replace(/\s+/g, ' '))
      .filter(Boolean),
  );

describe('an upload on a phone over a slow uplink', () => {
  let link: SlowLink;
  beforeAll(async () => {
    // About 400 KB/s up: the first 5 MiB piece is in flight for some 13 s before the server
    // confirms any of it.
    link = await startSlowLink(baseURL, 400_000);
  });
  afterAll(async () => {
    await link?.close();
  });

  it('shows the card at once, the bytes going up before the server confirms a piece, and a refusal keeps the title', async () => {
    const context = await browser().newContext({ baseURL: link.url, ...phone });
    await signUp(context, 'slowup', 'Pooja Menon', link.url);
    const page = await context.newPage();
    await page.goto('/uploadvideo');
    await expect.poll(() => h1(page).textContent()).toBe('Upload video');
    await page.getByLabel('Title').fill('Light and shadow');
    await page.getByLabel('Description').fill('Why a shadow is longest in the evening.');
    await page.getByLabel('Video file').setInputFiles(notAVideo);
    await page.getByLabel('Thumbnail image').setInputFiles(thumbnail);
    await page.getByRole('button', { name: 'Submit' }).tap();

    const card = page.getByRole('article', { name: 'Upload of Light and shadow' });
    await card.waitFor();
    // The whole card is in sight: before, it sat below the form, under the bottom of a phone's
    // screen.
    const inSight = () =>
      card.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { top: Math.round(box.top), bottom: Math.round(box.bottom), screen: window.innerHeight };
      });
    await expect
      .poll(async () => {
        const { top, bottom, screen } = await inSight();
        return top >= 0 && bottom <= screen;
      })
      .toBe(true);

    // Bytes are going up while the server has confirmed none: the card says so (before, it
    // said "0%" and nothing else until the whole first piece was in).
    const bar = card.getByRole('progressbar', { name: 'Upload progress' });
    await card.getByText(/^[\d.]+ (KB|MB) sent/).waitFor({ timeout: 10_000 });
    expect(Number(await bar.getAttribute('value'))).toBe(0);
    expect(await card.textContent()).toContain('0% confirmed by the server');
    const sentWidth = await card
      .locator('.upload-bar-sent')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(sentWidth).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(shots, 'upload-sent-before-confirmed-phone.png') });

    // All of it goes up, and the server refuses it (not a video): the form still holds the
    // title and the description, to try again with another file.
    await page.locator('article.upload-failed', { hasText: 'Light and shadow' }).waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('Title').inputValue()).toBe('Light and shadow');
    expect(await page.getByLabel('Description').inputValue()).toBe('Why a shadow is longest in the evening.');
    await page.screenshot({ path: path.join(shots, 'upload-refused-phone.png'), fullPage: true });
    await context.close();
  });
});

describe('the Title of a video', () => {
  it('is marked required, and a 450-character title is kept whole, counted and refused with a clear error', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'longtitle', 'Arun Iyer');
    const page = await context.newPage();
    await page.goto('/uploadvideo');
    const title = page.getByLabel('Title');
    await title.waitFor();
    expect(await page.locator('label[for="upload-title"]').textContent()).toContain('(required)');

    const long = 'A lesson about the monsoon and the farmers who wait for it. '.repeat(8).slice(0, 450);
    await title.fill(long);
    // Before, the field cut it to 100 characters without a word.
    expect((await title.inputValue()).length).toBe(450);
    await page.getByText('450/100').waitFor();
    await page.getByText('350 characters over the limit', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).tap();
    const error = page.locator('#upload-title-error');
    expect(await error.textContent()).toBe('Title is at most 100 characters');
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    // The field looks refused: a red border, as every other form's fields.
    expect(await title.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(179, 38, 30)');
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');
    await page.screenshot({ path: path.join(shots, 'upload-title-too-long-phone.png'), fullPage: true });

    await title.fill('');
    await page.getByRole('button', { name: 'Submit' }).tap();
    expect(await error.textContent()).toBe('Title is required');
    await context.close();
  });
});

describe('a video card', () => {
  it('shows the size of the copy the player starts in', { timeout: 120_000 }, async () => {
    const context = await browser().newContext({ baseURL, ...desktop });
    await signUp(context, 'cardsize', 'Meena Das');
    const video = await uploadMp4(context, 'Card and player agree', clip, '#484');
    let done: Video = video;
    await expect
      .poll(
        async () => {
          done = (
            (await (await context.request.get(`/api/v1/videos/v/${video._id}`)).json()) as { data: Video }
          ).data;
          return done.processing.state;
        },
        { timeout: 90_000 },
      )
      .toBe('done');
    expect(done.renditions.map((r) => r.quality)).toContain('144p');

    const page = await context.newPage();
    await page.goto('/dashbord');
    const card = page.locator('.video-grid').getByRole('button', { name: /Card and player agree/ });
    const onCard = await card.locator('.video-card-size').textContent();
    await card.click();
    const quality = page.getByLabel('Quality');
    await quality.waitFor();
    const playerStarts = await quality.evaluate(
      (el: HTMLSelectElement) => el.selectedOptions[0]!.textContent,
    );
    // Before, the card said the 144p size while the player started at 240p.
    expect(playerStarts).toMatch(/^240p · /);
    expect(onCard).toBe(playerStarts);

    // With data saver on, both say the smallest.
    await page.evaluate(() => localStorage.setItem('eduportal-data-saver', 'on'));
    await page.goto('/dashbord');
    const saverCard = page.locator('.video-grid').getByRole('button', { name: /Card and player agree/ });
    expect(await saverCard.locator('.video-card-size').textContent()).toMatch(/^144p · /);
    await context.close();
  });
});

describe('after registering', () => {
  it('the "account created" toast does not follow the student past sign-in', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    const page = await context.newPage();
    const username = uniqueName('toast');
    const avatar = await jpegWithExif(200, 200);
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@school.example`);
    await page.getByLabel('Full Name').fill('Kiran Bose');
    await page.getByLabel('Avatar').setInputFiles({
      name: avatar.filename,
      mimeType: avatar.type,
      buffer: avatar.data,
    });
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Login');
    const toast = page.locator('.toast-title', { hasText: 'Your account was created. Please sign in.' });
    await toast.waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(() => h1(page).textContent()).toBe('All videos');
    // Before, it stayed on the dashboard, asking to sign in to a student who just had.
    expect(await toast.count()).toBe(0);
    await context.close();
  });
});

describe('the cover image screen on a desktop', () => {
  it('shows the caption under the picture, not under the form', async () => {
    const context = await browser().newContext({ baseURL, ...desktop });
    await signUp(context, 'caption', 'Sara Khan');
    const page = await context.newPage();
    await page.goto('/updatecover');
    await page.getByText('Your current cover image').waitFor();
    const boxes = await page.evaluate(() => {
      const box = (selector: string) =>
        document.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
      return {
        column: box('.image-update'),
        picture: box('.image-current > :first-child'),
        caption: box('.image-current figcaption'),
        form: box('.image-update .form-card'),
      };
    });
    await page.screenshot({ path: path.join(shots, 'update-cover-desktop.png') });
    // Before, the empty cover grew to 947 px in a 768-px column and the form covered its caption.
    expect(boxes.picture.width).toBeLessThanOrEqual(boxes.column.width + 0.5);
    expect(boxes.caption.top).toBeGreaterThanOrEqual(boxes.picture.bottom);
    expect(boxes.caption.bottom).toBeLessThanOrEqual(boxes.form.top);
    await context.close();
  });
});

describe('an empty list', () => {
  for (const language of ['en', 'hi'] as const) {
    it(`on /getvideos and /mysubscribers says why and what next (${language})`, async () => {
      const context = await browser().newContext({ baseURL, ...phone });
      if (language === 'hi') await inHindi(context);
      await signUp(context, 'empty', 'Nisha Rao');
      const page = await context.newPage();
      for (const [route, action] of [
        ['/getvideos', '/uploadvideo'],
        ['/mysubscribers', '/userprofile/'],
      ] as const) {
        await page.goto(route);
        const empty = page.locator('main .load-state-empty');
        await empty.waitFor();
        await page.screenshot({
          path: path.join(shots, `empty${route.replace('/', '-')}-${language}-phone.png`),
        });
        // Before, the two words "data not found" stood alone.
        const sentences = await empty.locator('p').allTextContents();
        expect(sentences.length, route).toBeGreaterThanOrEqual(2);
        expect(sentences[1]!.length, route).toBeGreaterThan(30);
        const next = await page
          .locator('main')
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(
          next.some((href) => href?.startsWith(action)),
          route,
        ).toBe(true);
      }
      await context.close();
    });
  }
});

describe('a refused change of the account', () => {
  it('says each problem once on /updateaccount and /changepass', async () => {
    const other = await browser().newContext({ baseURL, ...phone });
    const { username: taken } = await signUp(other, 'taken', 'Ila Sen');
    await other.close();
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'twice', 'Om Prakash');
    const page = await context.newPage();

    await page.goto('/updateaccount');
    await page.getByLabel('Email').fill(`${taken}@school.example`);
    await page.getByRole('button', { name: 'Update Account Details' }).tap();
    await page.getByText('Email is already registered').waitFor();
    // Before: "Email is already registered" under the field, and "An account with this email
    // already exists" under the form: the same refusal twice.
    expect(await messagesIn(page)).toEqual([
      'Email is already registered',
      'Please correct the marked fields.',
    ]);
    await page.screenshot({ path: path.join(shots, 'update-account-taken-phone.png') });

    await page.goto('/changepass');
    await page.getByLabel('Old Password').fill('not my password');
    await page.getByLabel('New Password').fill('a new good password');
    await page.getByRole('button', { name: 'Change Password' }).tap();
    await page.getByText('Old Password is not correct').waitFor();
    expect(await messagesIn(page)).toEqual([
      'Old Password is not correct',
      'Please correct the marked fields.',
    ]);
    await page.screenshot({ path: path.join(shots, 'change-password-wrong-phone.png') });
    await context.close();
  });
});

describe('the headings of the public forms', () => {
  it('name each page once: /register, /contact and /instructor show one heading, not two that say it', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    const page = await context.newPage();
    const found: string[] = [];
    for (const route of ['/register', '/contact', '/instructor']) {
      await page.goto(route);
      await page.locator('main h1').waitFor({ state: 'attached' });
      const shown = await page.locator('main').evaluate((main) =>
        [...main.querySelectorAll('h1, h2, h3')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
          })
          .map((el) => el.textContent!.trim().toLowerCase()),
      );
      // "Register" over "Register as Student", "Contact" over "Contact Us", "Become an
      // Instructor" over "become an Instructor & teach what you love".
      for (const a of shown)
        for (const b of shown) if (a !== b && b.startsWith(a)) found.push(`${route}: "${a}" and "${b}"`);
      await page.screenshot({ path: path.join(shots, `heading${route.replace('/', '-')}-phone.png`) });
    }
    expect(found).toEqual([]);
    await context.close();
  });
});

describe('/tweets offline with a saved copy', () => {
  it('shows one offline notice, not two stacked', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'notices', 'Vikram Shah');
    const page = await context.newPage();
    await openAndSave(page, '/tweets');
    await expect.poll(() => h1(page).textContent()).toBe('All tweets');
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.reload();
    await page.getByText('showing what was saved at').waitFor();
    await page.screenshot({ path: path.join(shots, 'tweets-offline-one-notice-phone.png') });
    const notices = await page.evaluate(() =>
      [...document.querySelectorAll('[role="status"]')]
        .map((el) => el.textContent!.trim())
        .filter((text) => /offline/i.test(text)),
    );
    expect(notices).toHaveLength(1);
    await context.setOffline(false);
    await context.close();
  });
});

describe('/settings', () => {
  for (const language of ['en', 'hi'] as const) {
    it(`keeps every radio its size and says what Downloads does (${language})`, async () => {
      const context = await browser().newContext({ baseURL, ...phone });
      if (language === 'hi') await inHindi(context);
      const page = await context.newPage();
      await page.goto('/settings');
      const radios = page.locator('main input[type="radio"]');
      await radios.first().waitFor();
      await page.screenshot({ path: path.join(shots, `settings-${language}-phone.png`), fullPage: true });
      const widths = await radios.evaluateAll((inputs) =>
        inputs.map((input) => Math.round(input.getBoundingClientRect().width)),
      );
      // Before, the radio beside Auto's two-line label shrank to 13 px of 20.
      expect(new Set(widths).size).toBe(1);
      // The Downloads option says what a download is and what the box does.
      const downloads = page.locator('main fieldset').filter({ has: page.locator('input[type="checkbox"]') });
      const note = downloads.locator('.setting-note').first();
      expect((await note.textContent())!.length).toBeGreaterThan(60);
      expect(await note.textContent()).toContain(language === 'en' ? 'Save for offline' : 'ऑफ़लाइन के लिए सहेजें');
      await context.close();
    });
  }
});

describe('the space left, on a computer', () => {
  it('is "free on this device", not "on this phone"', async () => {
    const context = await browser().newContext({ baseURL, ...desktop });
    await signUp(context, 'computer', 'Tara Singh');
    const video = await uploadMp4(context, 'Space on a computer', clip, '#664');
    const page = await context.newPage();
    await page.goto(`/videos/${video._id}`);
    await page.getByRole('button', { name: /^Save for offline/ }).waitFor();
    await page.getByText(/free on this device$/).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('phone');
    await page.goto('/downloads');
    await page.getByText(/free on this device\.$/).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('phone');
    await context.close();
  });
});
