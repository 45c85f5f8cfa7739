import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Tweet } from '../../src/shared/contracts/tweets.ts';
import { watchProblems } from '../helpers/page-problems.ts';
import { desktop, h1, phone, shots, signUp, useChromium } from '../helpers/e2e.ts';

const baseURL = inject('baseURL');

const browser = useChromium();

async function tweetAs(context: BrowserContext, content: string): Promise<Tweet> {
  const res = await context.request.post('/api/v1/tweets', {
    headers: { origin: baseURL },
    data: { content },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: Tweet }).data;
}

async function allTweets(context: BrowserContext): Promise<Tweet[]> {
  const res = await context.request.get('/api/v1/tweets?limit=100');
  return ((await res.json()) as { data: { docs: Tweet[] } }).data.docs;
}

/** The card holding `text` (its content, or its id: classmates' texts repeat across runs). */
const card = (page: Page, text: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByText(text, { exact: true }) });

/** A classmate whose tweets fill the list, as a real class's would. */
async function seedClassmate() {
  const context = await browser().newContext({ baseURL });
  const mate = await signUp(context, 'priya', 'Priya Sharma');
  const tweets = [];
  for (const text of [
    'Does anyone have the notes from Tuesday’s chemistry class? I missed the bus.',
    'Reminder: the maths quiz is on Friday. Chapters 3 and 4, no calculators.',
  ]) {
    tweets.push(await tweetAs(context, text));
  }
  await context.close();
  return { ...mate, tweets };
}

describe.each([
  ['phone', phone],
  ['desktop', desktop],
] as const)('tweets on a %s', (size, options) => {
  it('creates, likes, edits and deletes a tweet', async () => {
    const mate = await seedClassmate();
    const context = await browser().newContext({ baseURL, ...options });
    const me = await signUp(context, 'ravi', 'Ravi Kumar');
    const page = await context.newPage();
    const problems = watchProblems(page);

    // My Tweets starts empty, with the way to write one.
    await page.goto('/getusertweets');
    await expect.poll(() => h1(page).textContent()).toBe('My tweets');
    await page.getByText('data not found').waitFor();
    await page.getByRole('link', { name: 'Create New Tweet' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Create tweet');

    // Create: the count follows the text; the button queues it and opens My Tweets.
    const text = `Revising for the physics exam at the library, 4 pm. Anyone joining? (${size})`;
    await page.getByRole('textbox', { name: 'Tweet' }).fill(text);
    expect(await page.getByText(`${text.length} / 280`).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(shots, `tweets-create-${size}.png`) });
    await page.getByRole('button', { name: 'Create Tweet' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/getusertweets');
    const mine = card(page, text);
    await mine.waitFor();
    await expect.poll(() => mine.getByText('Pending').count()).toBe(0);
    // Delivery is asynchronous: wait for the server to hold it, then check it holds it once.
    await expect
      .poll(async () => (await allTweets(context)).filter((t) => t.content === text).length)
      .toBe(1);
    const created = (await allTweets(context)).filter((t) => t.content === text);
    expect(created).toHaveLength(1);
    await expect.poll(() => mine.getByText(created[0]!._id).count()).toBe(1);
    await page.screenshot({ path: path.join(shots, `tweets-mine-${size}.png`), fullPage: true });

    // Like a classmate's tweet on All tweets.
    await page.goto('/tweets');
    await expect.poll(() => h1(page).textContent()).toBe('All tweets');
    const theirs = card(page, mate.tweets[1]!._id);
    expect(await theirs.getByRole('link', { name: mate.username }).getAttribute('href')).toBe(
      `/userprofile1/${mate.username}`,
    );
    await theirs.getByRole('button', { name: 'Like this tweet' }).click();
    await theirs.getByLabel('1 like', { exact: true }).waitFor();
    await expect.poll(() => theirs.getByText('Pending').count()).toBe(0);
    await expect
      .poll(async () => (await allTweets(context)).find((t) => t._id === mate.tweets[1]!._id))
      .toMatchObject({ liked: true, likesCount: 1 });
    await page.screenshot({ path: path.join(shots, `tweets-all-${size}.png`) });

    // Edit from My Tweets.
    await page.goto('/getusertweets');
    await card(page, text).getByRole('link', { name: 'Update Tweet' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Update tweet');
    const box = page.getByRole('textbox', { name: 'Tweet' });
    await expect.poll(() => box.inputValue()).toBe(text);
    const edited = `${text} Room 12 now.`;
    await box.fill(edited);
    await page.getByRole('button', { name: 'Update Tweet' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/getusertweets');
    await card(page, edited).waitFor();
    await expect
      .poll(async () => (await allTweets(context)).filter((t) => t.content === edited).length)
      .toBe(1);

    // Delete, after confirming; the app goes to All tweets, where it is gone, and never shows
    // again, not even for one frame while the delete is on its way.
    const doomed = card(page, edited);
    await page.evaluate((text) => {
      const w = window as unknown as { shownAfterDelete: number };
      w.shownAfterDelete = 0;
      new MutationObserver(() => {
        const onAllTweets = document.querySelectorAll('ol[aria-label="All tweets"] > li');
        if ([...onAllTweets].some((li) => li.textContent?.includes(text))) w.shownAfterDelete += 1;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, edited);
    await doomed.getByRole('button', { name: 'Delete Tweet' }).click();
    await doomed.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tweets');
    await card(page, mate.tweets[0]!._id).waitFor();
    expect(await page.getByText(edited, { exact: true }).count()).toBe(0);
    await expect
      .poll(async () => (await allTweets(context)).filter((t) => t.owner._id === me.userId).length)
      .toBe(0);
    await card(page, mate.tweets[1]!._id).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { shownAfterDelete: number }).shownAfterDelete),
    ).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('tweets offline', () => {
  it('keeps a tweet and a like made offline, across a reload, and delivers each once when back online', async () => {
    const mate = await seedClassmate();
    const context = await browser().newContext({ baseURL, ...desktop });
    await signUp(context, 'meena', 'Meena Iyer');
    const page = await context.newPage();
    const problems = watchProblems(page);

    await page.goto('/tweets');
    await expect.poll(() => h1(page).textContent()).toBe('All tweets');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    const theirs = card(page, mate.tweets[0]!._id);
    await theirs.waitFor();

    await context.setOffline(true);
    try {
      await page.getByText('You are offline.').waitFor();
      await theirs.getByRole('button', { name: 'Like this tweet' }).click();
      await theirs.getByText('Pending').waitFor();
      await theirs.getByLabel('1 like', { exact: true }).waitFor();

      const text = 'Written with no signal on the village bus. Sending when I am back in town!';
      await page.getByRole('link', { name: 'Write a tweet' }).click();
      await page.getByRole('textbox', { name: 'Tweet' }).fill(text);
      await page.getByRole('button', { name: 'Create Tweet' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/getusertweets');
      await card(page, text).getByText('Pending').waitFor();

      await page.getByRole('navigation').getByRole('link', { name: 'Tweets', exact: true }).click();
      await expect.poll(() => h1(page).textContent()).toBe('All tweets');
      await card(page, text).getByText('Pending').waitFor();
      await card(page, mate.tweets[0]!._id).getByText('Pending').waitFor();
      await page.screenshot({ path: path.join(shots, 'tweets-offline-desktop.png') });

      // The service worker opens the app again with no network; the waiting tweet is still here.
      await page.reload();
      await expect.poll(() => h1(page).textContent()).toBe('All tweets');
      await page.getByText('You are offline.').waitFor();
      await card(page, text).getByText('Pending').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.screenshot({ path: path.join(shots, 'tweets-offline-reloaded-desktop.png') });

      await context.setOffline(false);
      await expect.poll(() => page.getByText('Pending').count(), { timeout: 20_000 }).toBe(0);
      await card(page, text).waitFor();
      await card(page, mate.tweets[0]!._id).getByLabel('1 like', { exact: true }).waitFor();
      await expect
        .poll(async () => (await allTweets(context)).filter((t) => t.content === text).length, {
          timeout: 15_000,
        })
        .toBe(1);
      const onServer = await allTweets(context);
      expect(onServer.filter((t) => t.content === text)).toHaveLength(1);
      expect(onServer.find((t) => t._id === mate.tweets[0]!._id)).toMatchObject({
        liked: true,
        likesCount: 1,
      });
    } finally {
      await context.setOffline(false);
    }
    await page.screenshot({ path: path.join(shots, 'tweets-back-online-desktop.png') });
    expect(problems).toEqual([]);
    await context.close();
  });
});
