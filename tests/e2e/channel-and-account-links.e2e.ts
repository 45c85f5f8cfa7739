import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { desktop, h1, phone, shots, signUp, uniqueName, uploadClip, useChromium } from '../helpers/e2e.ts';

// What students asked for (product-additions.md, "A video has its own address"): the
// account's history and likes lead to their videos, and a channel's profile lists its videos and
// tweets below the spec's fields. At phone and desktop sizes.
const baseURL = inject('baseURL');
const browser = useChromium();
const origin = { origin: baseURL };

describe.each([
  ['phone', phone],
  ['desktop', desktop],
] as Array<[string, BrowserContextOptions]>)('on a %s', (size, options) => {
  it('Watch History and My Likes entries open their video’s address', async () => {
    const context = await browser().newContext({ baseURL, ...options });
    await signUp(context, 'links', 'Kiran Bose');
    const tag = uniqueName('t').replaceAll('_', '');
    const watched = await uploadClip(context, `Watched ${tag}`);
    const liked = await uploadClip(context, `Liked ${tag}`);
    expect(
      (
        await context.request.post('/api/v1/users/addhistory', {
          headers: origin,
          data: { videoId: watched },
        })
      ).status(),
    ).toBeLessThan(300);
    expect(
      (
        await context.request.post(`/api/v1/likes/toggle/v/${liked}`, {
          headers: origin,
          data: { liked: true },
        })
      ).status(),
    ).toBe(200);

    const page = await context.newPage();
    await page.goto('/acc');
    const history = page.getByRole('region', { name: 'Your Watch History' });
    const likes = page.getByRole('region', { name: 'My Likes' });
    expect(await history.getByRole('link', { name: new RegExp(`Watched ${tag}`) }).getAttribute('href')).toBe(
      `/videos/${watched}`,
    );
    expect(await likes.getByRole('link', { name: new RegExp(`Liked ${tag}`) }).getAttribute('href')).toBe(
      `/videos/${liked}`,
    );
    await page.screenshot({ path: path.join(shots, `account-links-${size}.png`), fullPage: true });
    await likes.getByRole('link', { name: new RegExp(`Liked ${tag}`) }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/videos/${liked}`);
    await page.getByRole('heading', { name: `Liked ${tag}`, level: 2 }).waitFor();
    await context.close();
  });

  it('a channel profile lists the channel’s videos and tweets below its fields, on both addresses', async () => {
    const owner = await browser().newContext({ baseURL, ...options });
    const { username } = await signUp(owner, 'chan', 'Sara Thomas');
    const tag = uniqueName('c').replaceAll('_', '');
    const lesson = await uploadClip(owner, `Lesson ${tag}`, 'Long division, step by step.');
    const tweet = await owner.request.post('/api/v1/tweets', {
      headers: origin,
      data: { content: `Homework ${tag} is on page 12` },
    });
    expect(tweet.status()).toBe(201);

    const visitor = await browser().newContext({ baseURL, ...options });
    await signUp(visitor, 'visit', 'Omar Sheikh');
    const page = await visitor.newPage();
    for (const route of [`/userprofile/${username}`, `/userprofile1/${username}`]) {
      await page.goto(route);
      await expect.poll(() => h1(page).textContent()).toBe('Channel profile');
      const videos = page.getByRole('region', { name: 'Videos' });
      const tweets = page.getByRole('region', { name: 'Tweets' });
      await videos.getByRole('button', { name: new RegExp(`Lesson ${tag}`) }).waitFor();
      await tweets.getByText(`Homework ${tag} is on page 12`).waitFor();
      // Below the spec's fields: the profile comes first.
      const tops = await page.evaluate(() => ({
        profile: document.querySelector('.channel')!.getBoundingClientRect().bottom,
        videos: document.getElementById('channel-videos')!.getBoundingClientRect().top,
        tweets: document.getElementById('channel-tweets')!.getBoundingClientRect().top,
      }));
      expect(tops.videos).toBeGreaterThan(tops.profile);
      expect(tops.tweets).toBeGreaterThan(tops.videos);
    }
    await page.screenshot({ path: path.join(shots, `channel-lists-${size}.png`), fullPage: true });
    // A video of the list opens at its own address.
    await page
      .getByRole('region', { name: 'Videos' })
      .getByRole('button', { name: new RegExp(`Lesson ${tag}`) })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/videos/${lesson}`);
    await visitor.close();
    await owner.close();
  });
});
