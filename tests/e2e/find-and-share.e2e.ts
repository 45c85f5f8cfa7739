import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  controlledByWorker,
  desktop,
  phone,
  shots,
  signUp,
  uniqueName,
  uploadClip,
  useChromium,
} from '../helpers/e2e.ts';

// "Search videos" and a video's own address, at phone and desktop sizes.
const baseURL = inject('baseURL');
const browser = useChromium();

const cards = (page: Page, word: string) =>
  page.locator('.video-grid').getByRole('button', { name: new RegExp(word) });

describe.each([
  ['phone', phone],
  ['desktop', desktop],
] as Array<[string, BrowserContextOptions]>)('finding and sharing a lesson on a %s', (size, options) => {
  it('"Search videos" narrows the list, in Hindi too, and a chosen video has an address that opens offline', async () => {
    const context = await browser().newContext({ baseURL, ...options });
    await signUp(context, 'find', 'Meena Kumari');
    // Words of this run only, so that the shared server's other videos never match.
    const tag = uniqueName('w').replaceAll('_', '');
    const rivers = await uploadClip(
      context,
      `Rivers ${tag}`,
      'Where they start and where they meet the sea.',
    );
    await uploadClip(context, `गणित की किताब ${tag}`, 'भिन्न और दशमलव');
    await uploadClip(context, `Plants ${tag}`, `Light and leaves, and rivers of sap. ${tag}`);

    const page = await context.newPage();
    await page.goto('/videos');
    const search = page.getByRole('searchbox', { name: 'Search videos' });
    await search.fill(`${tag} rivers`);
    await expect.poll(() => cards(page, tag).count(), { timeout: 10_000 }).toBe(2);
    // The title match first, the description match after it.
    await expect.poll(() => cards(page, tag).first().textContent()).toContain(`Rivers ${tag}`);
    await search.fill(`${tag} किताब`);
    await expect.poll(() => cards(page, tag).count(), { timeout: 10_000 }).toBe(1);
    expect(await cards(page, tag).first().textContent()).toContain('गणित की किताब');
    await page.screenshot({ path: path.join(shots, `search-hindi-${size}.png`), fullPage: true });
    await search.fill(`${tag} nothinglikethis`);
    await page.getByText(`No videos match “${tag} nothinglikethis”.`).waitFor();

    // Choosing a video puts its own address in the address bar, the list staying on screen.
    await search.fill(`${tag} rivers`);
    await expect.poll(() => cards(page, tag).count(), { timeout: 10_000 }).toBe(2);
    await cards(page, `Rivers ${tag}`).click();
    await page.locator('video.player-video').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/videos/${rivers}`);
    expect(await page.getByRole('searchbox', { name: 'Search videos' }).count()).toBe(1);

    // The address opens that video's page: after a reload, and offline once it has been seen.
    await controlledByWorker(page);
    await page.reload();
    await page.getByRole('heading', { name: `Rivers ${tag}`, level: 2 }).waitFor();
    // The player's copy: the original, or a smaller rendition once made (docs/api.md, "Renditions").
    expect(await page.locator('video.player-video').getAttribute('src')).toMatch(
      /^\/media\/(videos|renditions)\//,
    );
    // Previous and More do nothing with no comments, and look it.
    const opacity = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await opacity('Previous')).toBeLessThan(0.6);
    expect(await opacity('More')).toBeLessThan(0.6);
    expect(await opacity('Comment')).toBe(1);
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: `Rivers ${tag}`, level: 2 }).waitFor();
      await page.getByText('showing what was saved at').waitFor();
      await page.screenshot({ path: path.join(shots, `video-address-offline-${size}.png`), fullPage: true });
    } finally {
      await context.setOffline(false);
    }
    // An address that names no video says so.
    await page.goto('/videos/no-such-video');
    await page.getByText('This video does not exist').waitFor();
    await context.close();
  });
});
