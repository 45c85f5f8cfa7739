import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeClip } from '../helpers/clips.ts';
import {
  controlledByWorker,
  h1,
  openAndSave,
  phone,
  processed,
  shots,
  signUp,
  uniqueName,
  uploadClip,
  uploadMp4,
  useChromium,
  videoNow,
} from '../helpers/e2e.ts';
import { watchProblems } from '../helpers/page-problems.ts';

// What a student sees of a lesson when the connection comes and goes (docs/offline.md): a lesson
// seen opens offline, the offline notice goes when the connection is back, the player says what
// is not on the phone, smaller copies are announced and appear, and a deleted lesson is gone.
const baseURL = inject('baseURL');
const browser = useChromium();
const origin = { origin: baseURL };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-lessons-'));
const clip = path.join(work, 'lesson.mp4');
// Long enough that its copies take a while to make: a page opened at once finds them coming.
const longClip = path.join(work, 'long-lesson.mp4');
beforeAll(() => {
  makeClip(clip, { width: 640, height: 360, seconds: 6 });
  makeClip(longClip, { width: 640, height: 360, seconds: 60 });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const notice = (page: Page) => page.getByText('showing what was saved at');
const player = (page: Page) => page.locator('video.player-video');

/** Screenshots of one state in English and in Hindi (the page is reloaded in each language). */
async function bothLanguages(page: Page, name: string, ready: () => Promise<void>) {
  for (const language of ['en', 'hi']) {
    await page.evaluate((lang) => localStorage.setItem('eduportal-language', lang), language);
    await page.reload();
    await ready();
    await page.screenshot({ path: path.join(shots, `${name}-${language}-phone.png`), fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('eduportal-language', 'en'));
  await page.reload();
  await ready();
}

/** A teacher's video, uploaded from their own phone: its title (made unique) and id. */
async function anotherTeaches(title: string): Promise<{ title: string; id: string }> {
  const owner = await browser().newContext({ baseURL, ...phone });
  await signUp(owner, 'teach', 'Kavya Iyer');
  const unique = `${title} ${uniqueName('v')}`;
  const id = await uploadClip(owner, unique);
  await owner.close();
  return { title: unique, id };
}

describe('a lesson seen online', () => {
  it('opens offline at its own address after it was chosen from the dashboard', async () => {
    const { title, id } = await anotherTeaches('Seen on the dashboard');

    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'seen', 'Imran Khan');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openAndSave(page, '/dashbord');
    await page
      .locator('.video-grid')
      .getByRole('button', { name: new RegExp(title) })
      .tap();
    await page.waitForURL(`**/videos/${id}`);
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    try {
      await page.goto('/tweets');
      await expect.poll(() => h1(page).textContent()).toBe('All tweets');
      await page.goto(`/videos/${id}`);
      // Before, this said "nothing has been saved on this device for this page yet".
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      await notice(page).waitFor();
      expect(await page.getByText('nothing has been saved').count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('back online with nothing waiting to be sent', () => {
  it('drops the offline notice and shows fresh data within 10 s, though the likes cancelled out', async () => {
    const other = await browser().newContext({ baseURL, ...phone });
    await signUp(other, 'poster', 'Asha Verma');
    const first = `Before the bus ${uniqueName('t')}`;
    await other.request.post('/api/v1/tweets', { headers: origin, data: { content: first } });

    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'liker', 'Ravi Kumar');
    const page = await context.newPage();
    await openAndSave(page, '/tweets');
    const card = page.locator('article, li').filter({ hasText: first }).first();
    await card.waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    const later = `While you were offline ${uniqueName('t')}`;
    try {
      await page.reload();
      await notice(page).waitFor();
      // Liked, then unliked: nothing is left to send.
      const like = card.getByRole('button', { name: /like/i }).first();
      await like.tap();
      await like.tap();
      await other.request.post('/api/v1/tweets', { headers: origin, data: { content: later } });
      // The browser says "online" before the network is usable: the first read of the list
      // after it finds no route out, as on a phone whose Wi-Fi is up before it has an address
      // (Chromium's emulation does the same at random: its worker gets the network a moment
      // after the page hears "online").
      let first = true;
      await context.route('**/api/v1/tweets?**', (route) => {
        if (!first) return route.continue();
        first = false;
        return route.abort('internetdisconnected');
      });
    } finally {
      await context.setOffline(false);
    }
    // Before, the notice and the saved list stayed (40 s and more), and no read was made.
    await expect.poll(() => notice(page).count(), { timeout: 10_000 }).toBe(0);
    await page.getByText(later).first().waitFor({ timeout: 10_000 });
    await other.close();
    await context.close();
  });
});

describe('the player offline', () => {
  it('says a lesson seen but not saved is not on this device, and offers nothing that cannot work', async () => {
    const { title, id } = await anotherTeaches('Seen, not saved');

    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'unsaved', 'Imran Khan');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openAndSave(page, `/videos/${id}`);
    await player(page).waitFor();
    expect(await page.getByRole('button', { name: /^Save for offline/ }).isEnabled()).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      // Before: the poster with Play, Quality and an enabled "Save for offline", and no word.
      await page.getByText('this video is not saved on this device').waitFor();
      expect(await player(page).count()).toBe(0);
      expect(await page.getByLabel('Quality').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: /^Save for offline/ }).isDisabled()).toBe(true);
      await page.getByText('Saving needs a connection.').waitFor();
      await bothLanguages(page, 'player-offline-not-saved', () => page.locator('.player-absent').waitFor());
    } finally {
      await context.setOffline(false);
    }
    // Back online it plays again.
    await player(page).waitFor();
    expect(await page.getByLabel('Quality').isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers only the saved quality of a download, and keeps playing it', { timeout: 240_000 }, async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'saved', 'Meena Kumari');
    const { _id: id } = await uploadMp4(context, `Kept at 240p ${uniqueName('v')}`, clip, '#2a6');
    const video = await processed(context, id);
    expect(video.renditions.map((r) => r.quality)).toEqual(expect.arrayContaining(['240p', '360p']));

    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`/videos/${id}`);
    await controlledByWorker(page);
    await page.reload();
    await page.getByLabel('Quality').selectOption('240p');
    await page.getByRole('button', { name: /^Save for offline/ }).tap();
    await page.getByRole('link', { name: 'Saved', exact: true }).waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    try {
      await page.reload();
      await player(page).waitFor();
      const quality = page.getByLabel('Quality');
      expect(await quality.inputValue()).toBe('240p');
      const options = await quality
        .locator('option')
        .evaluateAll((all) =>
          (all as HTMLOptionElement[]).map((o) => ({ value: o.value, disabled: o.disabled, text: o.text })),
        );
      // Before, 360p could be chosen: the player moved to a copy that is not on the phone and
      // stayed at 0:00 under "Saved · 240p".
      expect(options.find((o) => o.value === '240p')?.disabled).toBe(false);
      expect(
        options.filter((o) => o.value !== '240p').every((o) => o.disabled && /not saved/.test(o.text)),
      ).toBe(true);
      await expect(quality.selectOption('360p')).rejects.toThrow();
      expect(await quality.inputValue()).toBe('240p');
      await player(page).evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      await expect
        .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0);
      await bothLanguages(page, 'player-offline-saved', () => player(page).waitFor());
    } finally {
      await context.setOffline(false);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a saved lesson, from its download alone', () => {
  it('is answered offline by the worker with no word from the page, until it is deleted', async () => {
    const { title, id } = await anotherTeaches('Kept on the phone');

    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'kept', 'Meena Kumari');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openAndSave(page, `/videos/${id}`);
    await page.getByRole('button', { name: /^Save for offline/ }).tap();
    await page.getByRole('link', { name: 'Saved', exact: true }).waitFor({ timeout: 60_000 });
    // The download's record is the one copy of the video's data: none is written into a cache.
    const copies = await page.evaluate(async () =>
      (await (await caches.open('saved-videos-v1')).keys()).map((r) => new URL(r.url).pathname),
    );
    expect(copies.filter((p) => p.startsWith('/api/'))).toEqual([]);
    const file = await page.evaluate(
      (videoId) =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('eduportal-downloads');
          open.onsuccess = () => {
            const all = open.result.transaction('downloads').objectStore('downloads').getAll();
            all.onsuccess = () =>
              resolve(
                (all.result as Array<{ videoId: string; url: string }>).find((r) => r.videoId === videoId)!
                  .url,
              );
          };
          open.onerror = () => reject(open.error);
        }),
      id,
    );
    const ask = (range: string) =>
      page.evaluate(
        async ({ url, range }) => {
          try {
            const res = await fetch(url, { headers: { Range: range } });
            return { status: res.status, bytes: (await res.blob()).size };
          } catch {
            return 'no answer';
          }
        },
        { url: file, range },
      );

    await context.setOffline(true);
    try {
      // No reload: the worker that was running while it was saved answers its Range requests.
      expect(await ask('bytes=0-99')).toEqual({ status: 206, bytes: 100 });
      // Sign-out empties the saved reads: the page opens from the download, said to be a saved copy.
      await page.evaluate(
        async (videoId) =>
          (await caches.open('api-reads-v1')).delete(`/api/v1/videos/v/${videoId}`, { ignoreVary: true }),
        id,
      );
      await page.reload();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      await notice(page).waitFor();
      const read = await page.evaluate(async (videoId) => {
        const res = await fetch(`/api/v1/videos/v/${videoId}`);
        const body = (await res.json()) as { success: boolean; data: { _id: string } };
        return { status: res.status, savedAt: res.headers.get('x-eduportal-saved-at'), body };
      }, id);
      expect(read).toMatchObject({ status: 200, body: { success: true, data: { _id: id } } });
      expect(Date.parse(read.savedAt ?? '')).toBeLessThanOrEqual(Date.now());
      await player(page).evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      await expect
        .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0);

      // Deleted, still offline and with no reload: neither its file nor its page is answered.
      await page.goto('/downloads');
      await page.getByRole('button', { name: `Delete ${title}` }).tap();
      await page.getByText('Nothing saved yet.', { exact: false }).waitFor();
      expect(await ask('bytes=0-99')).toBe('no answer');
      await page.goto(`/videos/${id}`);
      await page.getByText('nothing has been saved').first().waitFor();
      expect(await page.getByText(title).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a video whose smaller copies are being made', () => {
  it(
    'tells another student they are coming, and shows them when ready without a reload',
    { timeout: 240_000 },
    async () => {
      const owner = await browser().newContext({ baseURL, ...phone });
      await signUp(owner, 'maker', 'Kavya Iyer');
      const { _id: id } = await uploadMp4(owner, `Copies coming ${uniqueName('v')}`, longClip, '#62a');

      const context = await browser().newContext({ baseURL, ...phone });
      await signUp(context, 'waiter', 'Imran Khan');
      const page = await context.newPage();
      await page.goto(`/videos/${id}`);
      // Before, only the original was offered, with no word of the copies to come.
      await page.getByText('Smaller copies are being made').waitFor();
      expect((await videoNow(context, id)).processing.state).not.toBe('done');
      await bothLanguages(page, 'player-copies-coming', () => page.locator('.player-processing').waitFor());
      await processed(context, id);
      // No reload: the page reads the video again while its copies are made.
      await expect
        .poll(() => page.getByLabel('Quality').locator('option').allTextContents(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining([expect.stringMatching(/^240p · /)]));
      expect(await page.getByText('Smaller copies are being made').count()).toBe(0);
      await owner.close();
      await context.close();
    },
  );
});

describe('a video deleted while the student was offline', () => {
  it('is gone after reconnecting: no Like, Comment or Save, no offline notice, no saved copy', async () => {
    const owner = await browser().newContext({ baseURL, ...phone });
    await signUp(owner, 'owner', 'Lata Menon');
    const title = `Deleted on the bus ride ${uniqueName('v')}`;
    const id = await uploadClip(owner, title);

    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'keeper', 'Arjun Nair');
    const page = await context.newPage();
    const problems = watchProblems(page, [404]);
    await openAndSave(page, `/videos/${id}`);
    await page.getByRole('button', { name: /^Save for offline/ }).tap();
    await page.getByRole('link', { name: 'Saved', exact: true }).waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    try {
      await page.reload();
      await notice(page).waitFor();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      expect((await owner.request.delete(`/api/v1/videos/${id}`, { headers: origin })).status()).toBe(200);
    } finally {
      await context.setOffline(false);
    }
    // Back online: the server's 404 wins over the saved copy, and never as "offline".
    // Before, the saved copy answered first, online too: "Offline: showing what was saved",
    // with Like, Comment and Save, and the 404 was never seen.
    await expect.poll(() => h1(page).textContent(), { timeout: 10_000 }).toBe('Video not found');
    await expect.poll(() => notice(page).count()).toBe(0);
    for (const name of [/^Like/, /^Save for offline/, 'Comment']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    // Its saved copy went with it: nothing listed, nothing kept for the API read.
    await page.goto('/downloads');
    await page.getByText('Nothing saved yet.', { exact: false }).waitFor();
    const kept = await page.evaluate(async (videoId) => {
      const found = await caches.match(`/api/v1/videos/v/${videoId}`, { ignoreVary: true });
      return found !== undefined;
    }, id);
    expect(kept).toBe(false);
    await context.setOffline(true);
    try {
      await page.goto(`/videos/${id}`);
      await expect.poll(() => page.getByText(title).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    expect(problems).toEqual([]);
    await owner.close();
    await context.close();
  });

  it('leaves the dashboard player too: the list and the player say it is gone', async () => {
    const owner = await browser().newContext({ baseURL, ...phone });
    await signUp(owner, 'owner', 'Lata Menon');
    const title = `Gone from the list ${uniqueName('v')}`;
    const id = await uploadClip(owner, title);

    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'lister', 'Arjun Nair');
    const page = await context.newPage();
    await openAndSave(page, '/dashbord');
    await page
      .locator('.video-grid')
      .getByRole('button', { name: new RegExp(title) })
      .tap();
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    await context.setOffline(true);
    try {
      expect((await owner.request.delete(`/api/v1/videos/${id}`, { headers: origin })).status()).toBe(200);
    } finally {
      await context.setOffline(false);
    }
    // Before, the player stayed with Like, Comment and Save.
    await page.getByRole('heading', { level: 2, name: 'Video not found' }).waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Add a comment').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Save for offline/ }).count()).toBe(0);
    await expect.poll(() => page.locator('.video-grid').getByText(title).count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'player-gone-phone.png'), fullPage: true });
    await owner.close();
    await context.close();
  });
});
