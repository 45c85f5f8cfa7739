import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { desktop, h1, password, phone, signUp, useChromium } from '../helpers/e2e.ts';

// Issue 18's flaws found by trying the app as a student: each check failed before its fix.
const baseURL = inject('baseURL');
const browser = useChromium();

describe('what a signed-in student sees', () => {
  it('a "Sign-in failed" toast goes once the next try signs in', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    const { username } = await signUp(context, 'toast', 'Ravi Kumar');
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Sign-in failed').first().waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('All videos');
    expect(await page.getByText('Sign-in failed').count()).toBe(0);
    await context.close();
  });

  it('"teach a course" leads a signed-in student to send the proposal, not to the login form again', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'teach', 'Asha Rao');
    const page = await context.newPage();
    await page.goto('/instructor');
    await page.getByRole('link', { name: 'teach a course' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Contact');
    await page.goto('/instructor');
    await page.getByRole('link', { name: 'Send your request' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Contact');
    await context.close();
  });

  it('on desktop the channel cover spans the column, and your own channel does not ask if you subscribe', async () => {
    const context = await browser().newContext({ baseURL, ...desktop });
    const { username } = await signUp(context, 'cover', 'Dev Patel');
    const cover = await sharp({ create: { width: 1600, height: 500, channels: 3, background: '#368' } })
      .png()
      .toBuffer();
    const res = await context.request.patch('/api/v1/users/cover-image', {
      headers: { origin: baseURL },
      multipart: { coverImage: { name: 'cover.png', mimeType: 'image/png', buffer: cover } },
    });
    expect(res.status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/userprofile/${username}`);
    await page.getByRole('heading', { name: 'Dev Patel' }).waitFor();
    const widths = await page.evaluate(() => ({
      cover: document.querySelector('.channel-cover')!.getBoundingClientRect().width,
      column: document.querySelector('.channel')!.getBoundingClientRect().width,
    }));
    // Inside its border: 768 px of 1,168 before the fix.
    expect(widths.cover).toBeGreaterThan(widths.column - 4);
    expect(await page.getByText('Is Subscribed').count()).toBe(0);
    await context.close();
  });
});
