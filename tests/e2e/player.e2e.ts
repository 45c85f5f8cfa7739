import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeClip } from '../helpers/clips.ts';
import {
  controlledByWorker,
  processed,
  h1,
  phone,
  publishCourse,
  seriousViolations,
  shots,
  signUp,
  uniqueName,
  uploadVideoFile,
  useChromium,
  videoNow,
} from '../helpers/e2e.ts';
import { watchProblems } from '../helpers/page-problems.ts';

// The player a learner needs (product-additions.md): captions added by the teacher through
// /updatevideo, then Captions, Transcript, Chapters, Speed and Listen as a student uses them on a
// phone, online and with the lesson saved and the network gone.
const baseURL = inject('baseURL');
const browser = useChromium();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-player-'));
const clip = path.join(work, 'fractions.mp4');
beforeAll(() => makeClip(clip, { width: 640, height: 360, seconds: 20 }));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const englishVtt = `WEBVTT

00:00:00.000 --> 00:00:04.000
Welcome to fractions

00:00:04.000 --> 00:00:08.000
A half is one of two equal parts

00:00:08.000 --> 00:00:12.000
A quarter is one of four equal parts

00:00:12.000 --> 00:00:16.000
Practise with a pizza
`;

// Hindi as SubRip, as many teachers have it: the server stores it as WebVTT.
const hindiSrt = `1
00:00:00,000 --> 00:00:04,000
भिन्न में आपका स्वागत है

2
00:00:04,000 --> 00:00:08,000
आधा मतलब दो बराबर हिस्सों में से एक

3
00:00:08,000 --> 00:00:12,000
चौथाई मतलब चार बराबर हिस्सों में से एक

4
00:00:12,000 --> 00:00:16,000
पिज़्ज़ा से अभ्यास करें
`;

const player = (page: Page) => page.locator('video.player-video');
const currentTime = (page: Page) => player(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** The text of the cues of the showing track at the player's position, as the browser has them. */
const shownCues = (page: Page) =>
  player(page).evaluate((v: HTMLVideoElement) => {
    const showing = [...v.textTracks].find((track) => track.mode === 'showing');
    return showing ? [...(showing.activeCues ?? [])].map((cue) => (cue as VTTCue).text) : null;
  });

/** Puts the player at `seconds`, muted and paused, so the cues of that moment are active. */
async function seek(page: Page, seconds: number) {
  await player(page).evaluate(async (v: HTMLVideoElement, at: number) => {
    v.muted = true;
    if (v.readyState < 1) {
      v.preload = 'auto';
      v.load();
      await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
    }
    v.currentTime = at;
  }, seconds);
}

describe('the player a learner needs', () => {
  it(
    'a teacher adds English and Hindi captions; a student uses captions, transcript, chapters and speed, then offline',
    { timeout: 300_000 },
    async () => {
      // The teacher uploads a lesson whose description has chapters, and adds its captions.
      const teacherContext = await browser().newContext({ baseURL, ...phone });
      await signUp(teacherContext, 'teach', 'Asha Verma');
      const title = `Fractions ${uniqueName('p')}`;
      const made = await uploadVideoFile(teacherContext, {
        title,
        description: 'Halves and quarters.\n0:00 Introduction\n0:08 Quarters\n0:12 Practice',
        file: clip,
        mimeType: 'video/mp4',
        colour: '#a62',
      });
      const teacher = await teacherContext.newPage();
      // The refused file below is a 400 the journey provokes.
      const teacherProblems = watchProblems(teacher, [400]);
      await teacher.goto(`/updatevideo/${made._id}`);
      await teacher.getByRole('heading', { name: 'Captions' }).waitFor();
      await teacher.getByText('No captions yet.', { exact: false }).waitFor();
      const addTrack = async (language: string, name: string, file: string) => {
        await teacher.getByRole('combobox', { name: 'Language' }).selectOption(language);
        await teacher
          .getByLabel('Caption file')
          .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(file) });
        await teacher.getByRole('button', { name: 'Add', exact: true }).tap();
      };
      await addTrack('en', 'fractions.vtt', englishVtt);
      await teacher.getByText('English captions added.').waitFor();
      await addTrack('hi', 'fractions-hi.srt', hindiSrt);
      await teacher.getByText('Hindi captions added.').waitFor();
      await expect.poll(() => teacher.locator('.captions-list li').count()).toBe(2);
      // A file that is not captions is refused with its line, and nothing changes.
      await addTrack('en', 'notes.vtt', 'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nBackwards\n');
      await teacher.locator('.captions-editor .form-status.error').waitFor();
      expect(await teacher.locator('.captions-editor .form-status.error').textContent()).toMatch(/line 3/i);
      expect(await teacher.locator('.captions-list li').count()).toBe(2);
      expect(await seriousViolations(teacher)).toEqual([]);
      await teacher.screenshot({ path: path.join(shots, 'captions-editor-phone.png'), fullPage: true });
      expect(teacherProblems).toEqual([]);
      const withCaptions = await videoNow(teacherContext, made._id);
      expect(withCaptions.captions.map((c) => c.language)).toEqual(['en', 'hi']);
      expect(withCaptions.chapters).toEqual([
        { start: 0, title: 'Introduction' },
        { start: 8, title: 'Quarters' },
        { start: 12, title: 'Practice' },
      ]);
      // Listen needs the audio-only copy: the journey waits for the renditions.
      await processed(teacherContext, made._id);
      const courseId = await publishCourse(teacherContext.request, `Fractions course ${uniqueName('c')}`, [
        made._id,
      ]);
      await teacherContext.close();

      // The student, on a phone.
      const context = await browser().newContext({ baseURL, ...phone });
      await signUp(context, 'learn', 'Ravi Kumar');
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`/videos/${made._id}`);
      await controlledByWorker(page);
      await page.reload();
      await player(page).waitFor();
      await expect.poll(() => h1(page).count()).toBe(1);

      // Hindi captions on: the browser shows the Hindi cue of the moment.
      // Each track is named in its own language, as the teacher left the name empty.
      await page.getByRole('combobox', { name: 'Captions' }).selectOption({ label: 'हिन्दी' });
      await seek(page, 5);
      await expect.poll(() => shownCues(page)).toEqual(['आधा मतलब दो बराबर हिस्सों में से एक']);
      await seek(page, 9);
      await expect.poll(() => shownCues(page)).toEqual(['चौथाई मतलब चार बराबर हिस्सों में से एक']);
      await page.screenshot({ path: path.join(shots, 'player-captions-hi-phone.png') });

      // The transcript: search a word, choose its line, and the player is there.
      await page.getByRole('button', { name: 'Transcript' }).tap();
      await page.getByRole('searchbox', { name: 'Search in transcript' }).fill('पिज़्ज़ा');
      const lines = page.locator('.transcript-line');
      await expect.poll(() => lines.count()).toBe(1);
      await lines.first().tap();
      await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(12);
      expect(await currentTime(page)).toBeLessThan(13);
      await page.screenshot({ path: path.join(shots, 'player-transcript-phone.png'), fullPage: true });

      // A chapter.
      await page
        .getByRole('button', { name: /Quarters/ })
        .first()
        .tap();
      await expect.poll(() => currentTime(page)).toBe(8);

      // 1.5× is kept after a reload.
      await page.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '1.5×' });
      expect(await player(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
      await page.reload();
      await player(page).waitFor();
      expect(await page.getByRole('combobox', { name: 'Speed' }).inputValue()).toBe('1.5');
      expect(await player(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
      // And so is Hindi.
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Captions' }).locator('option:checked').textContent())
        .toBe('हिन्दी');
      expect(await seriousViolations(page)).toEqual([]);

      // In Hindi, every control is named in Hindi; on a desktop the controls sit in one row.
      await page.evaluate(() => localStorage.setItem('eduportal-language', 'hi'));
      await page.reload();
      await page.getByRole('combobox', { name: 'गति' }).waitFor();
      await page.getByRole('button', { name: 'ट्रांसक्रिप्ट' }).tap();
      await page.getByRole('combobox', { name: 'कैप्शन' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, 'player-controls-hi-phone.png'), fullPage: true });
      await page.evaluate(() => localStorage.setItem('eduportal-language', 'en'));
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.reload();
      await page.getByRole('button', { name: 'Transcript' }).click();
      await page.screenshot({ path: path.join(shots, 'player-controls-desktop.png'), fullPage: true });
      await page.setViewportSize({ width: 412, height: 915 });
      await page.reload();
      await player(page).waitFor();

      // Saved at 144p with its captions; offline, captions and transcript search still work.
      await page.getByLabel('Quality').selectOption('144p');
      await page.getByRole('button', { name: /^Save for offline/ }).tap();
      await page.getByRole('link', { name: 'Saved', exact: true }).waitFor({ timeout: 60_000 });
      await context.setOffline(true);
      try {
        await page.reload();
        await player(page).waitFor();
        await seek(page, 1);
        await expect.poll(() => shownCues(page)).toEqual(['भिन्न में आपका स्वागत है']);
        await page.getByRole('combobox', { name: 'Captions' }).selectOption({ label: 'English' });
        await seek(page, 13);
        await expect.poll(() => shownCues(page)).toEqual(['Practise with a pizza']);
        await page.getByRole('button', { name: 'Transcript' }).tap();
        await page.getByRole('searchbox', { name: 'Search in transcript' }).fill('half');
        await expect.poll(() => lines.allTextContents()).toEqual([expect.stringContaining('A half is one')]);
        await lines.first().tap();
        await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(4);
        await page.screenshot({
          path: path.join(shots, 'player-offline-transcript-phone.png'),
          fullPage: true,
        });
      } finally {
        await context.setOffline(false);
      }

      // Listen, in its course: it plays on with the page hidden, and the lock screen names it.
      await page.goto(`/courses/${courseId}/lessons/${made._id}`);
      await player(page).waitFor();
      await page.getByRole('button', { name: 'Listen' }).tap();
      const audio = page.locator('audio');
      await audio.waitFor();
      await audio.evaluate(async (a: HTMLAudioElement) => {
        a.muted = true;
        await a.play();
      });
      // Headless Chromium keeps every page visible (a minimised window, another tab in front and
      // the lifecycle commands leave visibilityState at 'visible'): through CDP, the document is
      // made to say hidden and told so, as a phone's locked screen tells it. What this walks is
      // the app's side: nothing of the player pauses or stops the audio when the page is hidden.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Runtime.evaluate', {
        expression: `Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
          document.dispatchEvent(new Event('visibilitychange'));`,
      });
      expect(await page.evaluate(() => document.visibilityState)).toBe('hidden');
      const at = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
      await expect
        .poll(
          () =>
            audio.evaluate((a: HTMLAudioElement, from: number) => !a.paused && a.currentTime > from + 1, at),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(title);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
