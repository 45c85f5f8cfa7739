import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  controlledByWorker,
  phone,
  shots,
  signUp,
  uniqueName,
  uploadClip,
  useChromium,
} from '../helpers/e2e.ts';

// "Search videos" as a student uses it on a phone: words typed a letter at a time, the best lesson
// first, a typo forgiven, the search kept in the address through a lesson and Back, and the same
// search answered offline from the copy saved when it was made.
const baseURL = inject('baseURL');
const browser = useChromium();

const cards = (page: Page, word: string) =>
  page.locator('.video-grid').getByRole('button', { name: new RegExp(word) });

describe('searching for a lesson on a phone', () => {
  it('finds the best lesson first as the student types, keeps the search through Back, and answers it offline', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'seek', 'Asha Verma');
    // A word of this run only, so that the other journeys' videos on the shared server never match.
    const tag = uniqueName('s').replaceAll('_', '');
    const best = await uploadClip(context, `Photosynthesis ${tag}`, 'How leaves make food from light.');
    await uploadClip(context, `Leaves and light ${tag}`, 'Photosynthesis in the school garden.');
    await uploadClip(context, `Water cycle ${tag}`, 'Rain, rivers and the sea; photographs of clouds.');

    const page = await context.newPage();
    await page.goto('/dashbord');
    await controlledByWorker(page);
    const box = page.getByRole('searchbox', { name: 'Search videos' });
    // Typed as a student types: the list follows once typing pauses, and the address with it.
    await box.pressSequentially(`${tag} photosynthesis`, { delay: 40 });
    await expect.poll(() => cards(page, tag).count(), { timeout: 10_000 }).toBe(2);
    // The title match first, the description match after it; "photo" inside "photographs" is a
    // beginning of a word but not of this query's word, so the water cycle is not listed.
    await expect.poll(() => cards(page, tag).first().textContent()).toContain(`Photosynthesis ${tag}`);
    expect(await cards(page, tag).nth(1).textContent()).toContain(`Leaves and light ${tag}`);
    const query = `${tag} photosynthesis`;
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
    await page.screenshot({ path: path.join(shots, 'search-best-first-phone.png'), fullPage: true });

    // A typo of five letters or more is forgiven, and the list says how it read the query.
    await box.fill(`${tag} photosynthsis`);
    await page.getByText(`Showing results for “${tag} photosynthesis”`).waitFor();
    expect(await cards(page, tag).first().textContent()).toContain(`Photosynthesis ${tag}`);
    await page.screenshot({ path: path.join(shots, 'search-typo-phone.png'), fullPage: true });
    await box.fill(query);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
    await expect.poll(() => cards(page, tag).count(), { timeout: 10_000 }).toBe(2);

    // Open the best lesson, then go back: the search is still there, best first.
    await cards(page, `Photosynthesis ${tag}`).click();
    await page.locator('video.player-video').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/videos/${best}`);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashbord');
    expect(new URL(page.url()).searchParams.get('q')).toBe(query);
    await expect.poll(() => box.inputValue()).toBe(query);
    await expect.poll(() => cards(page, tag).count(), { timeout: 10_000 }).toBe(2);
    expect(await cards(page, tag).first().textContent()).toContain(`Photosynthesis ${tag}`);

    // Offline, the same address answers from the copy saved when the search was made.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toBe(query);
      await expect.poll(() => cards(page, tag).count(), { timeout: 10_000 }).toBe(2);
      expect(await cards(page, tag).first().textContent()).toContain(`Photosynthesis ${tag}`);
      await page.getByText('showing what was saved at').first().waitFor();
      await page.screenshot({ path: path.join(shots, 'search-offline-phone.png'), fullPage: true });
    } finally {
      await context.setOffline(false);
    }
    await context.close();
  });
});
