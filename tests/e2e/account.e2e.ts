import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { watchProblems } from '../helpers/page-problems.ts';
import { h1, shots, useChromium } from '../helpers/e2e.ts';

const baseURL = inject('baseURL');
const password = 'correct horse battery';
const newPassword = 'a much newer secret';

const sizes: [string, BrowserContextOptions][] = [
  ['phone', { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1366, height: 768 } }],
];

const browser = useChromium();

const photo = (hue: number, width = 1400, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40 + hue, g: 120, b: 200 - hue } } })
    .jpeg({ quality: 92 })
    .toBuffer();
const unique = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function shot(page: Page, name: string, size: string) {
  await page.screenshot({ path: path.join(shots, `${name}-${size}.png`), fullPage: true });
}

/** Opens the account pages' links: on a phone they sit behind the menu toggle. */
async function openYourPage(page: Page, size: string, name: string) {
  if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('navigation', { name: 'Your pages' }).getByRole('link', { name }).click();
}

describe.each(sizes)('the account journey on a %s', (size, options) => {
  let teacherContext: BrowserContext;
  let studentContext: BrowserContext;
  beforeAll(async () => {
    teacherContext = await browser().newContext({ baseURL, ...options });
    studentContext = await browser().newContext({ baseURL, ...options });
  });
  afterAll(async () => {
    await teacherContext?.close();
    await studentContext?.close();
  });

  const teacher = unique(`t${size[0]}`);
  const student = unique(`s${size[0]}`);

  it('registers with an avatar, signs in, edits the account, the password and the avatar', async () => {
    const page = await teacherContext.newPage();
    const problems = watchProblems(page, [400]);
    await page.goto('/register');
    await expect.poll(() => h1(page).textContent()).toBe('Register');
    await page.getByLabel('Username').fill(teacher);
    await page.getByLabel('Email').fill(`${teacher}@school.example`);
    await page.getByLabel('Full Name').fill('Lata Menon');
    await page.getByLabel('Password').fill(password);
    await page
      .getByLabel('Avatar')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo(10) });
    await shot(page, 'register', size);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Login');
    await expect
      .poll(() => page.getByText('Your account was created. Please sign in.').first().isVisible())
      .toBe(true);
    expect(await page.getByText(/Login successfull/).count()).toBe(0);
    await shot(page, 'login-after-register', size);

    await page.getByLabel('Username').fill(teacher);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashbord');

    await openYourPage(page, size, 'My Account');
    await expect.poll(() => h1(page).textContent()).toBe('My account');
    await expect.poll(() => page.getByText('Total Subscribers').isVisible()).toBe(true);
    expect(await page.getByText('Lata Menon', { exact: true }).first().isVisible()).toBe(true);
    expect(
      await page
        .getByRole('img', { name: 'Your avatar' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(256);
    await shot(page, 'account', size);

    await page.getByRole('link', { name: 'Update Account Details' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Update account details');
    await page.getByLabel('Full Name').fill('Lata M. Menon');
    await page.getByRole('button', { name: 'Update Account Details' }).click();
    await expect.poll(() => page.getByText('Account details updated').isVisible()).toBe(true);
    await shot(page, 'update-account', size);

    await page.goto('/changepass');
    await expect.poll(() => h1(page).textContent()).toBe('Change password');
    await page.getByLabel('Old Password').fill('wrong old password');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    // Said once, under the field it is about; the line under the form points there.
    await expect.poll(() => page.getByText('Old Password is not correct').isVisible()).toBe(true);
    expect(await page.getByText('Please correct the marked fields.').isVisible()).toBe(true);
    await shot(page, 'change-password-refused', size);
    await page.getByLabel('Old Password').fill(password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect
      .poll(() => page.getByText('Password changed. Other devices were signed out.').isVisible())
      .toBe(true);

    await page.goto('/updateavatar');
    await expect.poll(() => h1(page).textContent()).toBe('Update avatar');
    const before = await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src');
    // A slow upload, as on a weak connection, so that the progress bar can be seen.
    const cdp = await teacherContext.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 400 * 1024,
      uploadThroughput: 200 * 1024,
    });
    await page.getByLabel('Choose a new avatar').setInputFiles({
      name: 'new.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(90, 2400, 1800),
    });
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Uploading your avatar' }).isVisible())
      .toBe(true);
    await shot(page, 'update-avatar-progress', size);
    await expect.poll(() => page.getByText('Avatar updated').isVisible(), { timeout: 30_000 }).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const after = await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src');
    expect(after).not.toBe(before);
    await expect
      .poll(() =>
        page.getByRole('img', { name: 'Your avatar' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(256);
    await shot(page, 'update-avatar', size);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('subscribes from the teacher’s profile, and both lists show it', async () => {
    // The student registers through the API: this journey is about the profile and the lists.
    const form = {
      username: student,
      email: `${student}@school.example`,
      fullName: 'Arun Das',
      password,
      avatar: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await photo(150, 300, 300) },
    };
    expect((await studentContext.request.post('/api/v1/users/register', { multipart: form })).status()).toBe(
      201,
    );
    const page = await studentContext.newPage();
    const problems = watchProblems(page, [400]);
    await page.goto(`/login?redirect=${encodeURIComponent(`/userprofile/${teacher}`)}`);
    await page.getByLabel('Username').fill(student);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/userprofile/${teacher}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Lata M. Menon' }).isVisible())
      .toBe(true);
    const fact = (name: string) =>
      page.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd');
    expect(await fact('Is Subscribed').textContent()).toBe('No');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect.poll(() => fact('Is Subscribed').textContent()).toBe('Yes');
    expect(await fact('Subscribers').textContent()).toBe('1');
    await shot(page, 'profile', size);

    await openYourPage(page, size, 'My Subscriptions');
    await expect.poll(() => h1(page).textContent()).toBe('My subscriptions');
    await expect.poll(() => page.getByRole('link', { name: teacher }).isVisible()).toBe(true);
    await shot(page, 'subscriptions', size);
    expect(problems).toEqual([]);
    await page.close();

    const teacherPage = await teacherContext.newPage();
    await teacherPage.goto('/acc');
    await expect.poll(() => h1(teacherPage).textContent()).toBe('My account');
    await teacherPage.getByRole('link', { name: 'Subscribers' }).click();
    await expect.poll(() => h1(teacherPage).textContent()).toBe('My subscribers');
    await expect.poll(() => teacherPage.getByRole('link', { name: student }).isVisible()).toBe(true);
    expect(await teacherPage.getByText('Arun Das').isVisible()).toBe(true);
    await shot(teacherPage, 'subscribers', size);
    await teacherPage.close();
  });

  it('signs out, is sent to /login from /acc, and comes back to /acc after signing in', async () => {
    const page = await teacherContext.newPage();
    const problems = watchProblems(page, [400]);
    await page.goto('/acc');
    await expect.poll(() => h1(page).textContent()).toBe('My account');
    if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).tap();
    await shot(page, size === 'phone' ? 'menu-signed-in' : 'top-bar-signed-in', size);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Login');
    expect(await page.getByRole('link', { name: 'Login / Register', includeHidden: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Logout', includeHidden: true }).count()).toBe(0);

    await page.goto('/acc');
    await expect.poll(() => h1(page).textContent()).toBe('Login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/acc');
    await page.getByLabel('Username').fill(teacher);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByText('The username/email or password is not correct').first().isVisible())
      .toBe(true);
    await shot(page, 'login-refused', size);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('My account');
    expect(new URL(page.url()).pathname).toBe('/acc');
    expect(problems).toEqual([]);
    await page.close();
  });
});
