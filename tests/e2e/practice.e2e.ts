import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Attempt } from '../../src/shared/contracts/quiz.ts';
import { API_CACHE } from '../../src/shared/offline.ts';
import { makeClip } from '../helpers/clips.ts';
import {
  controlledByWorker,
  phone,
  processed,
  publishCourse,
  seriousViolations,
  shots,
  signUp,
  uniqueName,
  uploadMp4,
  useChromium,
} from '../helpers/e2e.ts';
import { watchProblems } from '../helpers/page-problems.ts';

// Practice (docs/product-additions.md, "Practice"), on a phone: a teacher writes a quiz of three
// questions through /updatevideo; a student takes it online (one wrong, the explanation shown, 2
// of 3), saves the lesson, takes it again offline with the page reloaded (3 of 3, waiting in the
// outbox), comes back online; the server has the two attempts, once each, the lesson and the
// course say "Best: 3 of 3", and the teacher sees how each question went.
const baseURL = inject('baseURL');
const browser = useChromium();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-practice-'));
const clip = path.join(work, 'halves.mp4');
beforeAll(() => makeClip(clip, { width: 640, height: 360, seconds: 6 }));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const practice = (page: Page) => page.getByRole('region', { name: 'Practice' }).first();
const feedback = (page: Page) => page.locator('.practice-feedback');

/**
 * Answers the quiz on show: the first question with `first` (6 is wrong: then the right answer and
 * the explanation are read, and shot), the other two rightly.
 */
async function takeQuiz(page: Page, first: '4' | '6') {
  const quiz = practice(page);
  await quiz.getByRole('group', { name: 'What is half of 8?' }).getByRole('radio', { name: first }).check();
  await quiz.getByRole('button', { name: 'Check' }).tap();
  if (first === '6') {
    await feedback(page).getByText('Not quite', { exact: true }).waitFor();
    await feedback(page).getByText('The answer: 4').waitFor();
    await feedback(page).getByText('Half of 8 is 8 ÷ 2 = 4.').waitFor();
    await page.screenshot({ path: path.join(shots, 'practice-not-quite-phone.png'), fullPage: true });
  } else {
    await feedback(page).getByText('Correct', { exact: true }).waitFor();
  }
  await quiz.getByRole('button', { name: 'Next question' }).tap();
  const even = quiz.getByRole('group', { name: 'Which numbers are even?' });
  await even.getByRole('checkbox', { name: '2' }).check();
  await even.getByRole('checkbox', { name: '4' }).check();
  await quiz.getByRole('button', { name: 'Check' }).tap();
  await feedback(page).getByText('Correct', { exact: true }).waitFor();
  await quiz.getByRole('button', { name: 'Next question' }).tap();
  // Typed with a capital and spaces: compared as "four".
  await quiz.getByRole('textbox', { name: 'Your answer' }).fill('  Four ');
  await quiz.getByRole('button', { name: 'Check' }).tap();
  await feedback(page).getByText('Correct', { exact: true }).waitFor();
  await quiz.getByRole('button', { name: 'See your score' }).tap();
}

/** One question of the editor, by its number. */
const question = (page: Page, n: number): Locator =>
  page.locator('.practice-editor').getByRole('group', { name: `Question ${n}`, exact: true });

/** Drops these API reads from the worker's API cache, so that offline only a download can answer them. */
async function forgetApiReads(page: Page, addresses: string[]): Promise<void> {
  await page.evaluate(
    async ({ cacheName, paths }) => {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        if (paths.includes(new URL(request.url).pathname)) await cache.delete(request);
      }
    },
    { cacheName: API_CACHE, paths: addresses },
  );
}

describe('practice on a lesson', () => {
  it(
    'a teacher writes a quiz; a student takes it online and offline, and the server counts each attempt once',
    { timeout: 300_000 },
    async () => {
      // The teacher's lesson, in a course, with its smaller copies made.
      const teacherContext = await browser().newContext({ baseURL, ...phone });
      await signUp(teacherContext, 'teach', 'Asha Verma');
      const title = `Halves ${uniqueName('q')}`;
      const { _id: videoId } = await uploadMp4(teacherContext, title, clip, '#3a7');
      await processed(teacherContext, videoId);
      const courseId = await publishCourse(teacherContext.request, `Numbers ${uniqueName('c')}`, [videoId]);

      // The quiz, written on the phone through /updatevideo.
      const teacher = await teacherContext.newPage();
      const teacherProblems = watchProblems(teacher);
      await teacher.goto(`/updatevideo/${videoId}`);
      await teacher.getByRole('heading', { name: 'Practice', level: 2 }).waitFor();
      await teacher.getByText('No practice yet. Add a question to start.').waitFor();
      const add = teacher.getByRole('button', { name: 'Add a question' });

      await add.tap();
      const q1 = question(teacher, 1);
      await q1.getByLabel('Prompt').fill('What is half of 8?');
      await q1.getByRole('textbox', { name: 'Choice 1', exact: true }).fill('2');
      await q1.getByRole('textbox', { name: 'Choice 2', exact: true }).fill('4');
      await q1.getByRole('button', { name: 'Add a choice' }).tap();
      await q1.getByRole('textbox', { name: 'Choice 3', exact: true }).fill('6');
      await q1.getByLabel('Explanation').fill('Half of 8 is 8 ÷ 2 = 4.');

      await add.tap();
      const q2 = question(teacher, 2);
      await q2.getByLabel('Prompt').fill('Which numbers are even?');
      await q2.getByLabel('Kind of answer').selectOption({ label: 'Several right choices' });
      await q2.getByRole('textbox', { name: 'Choice 1', exact: true }).fill('2');
      await q2.getByRole('textbox', { name: 'Choice 2', exact: true }).fill('3');
      await q2.getByRole('button', { name: 'Add a choice' }).tap();
      await q2.getByRole('textbox', { name: 'Choice 3', exact: true }).fill('4');
      await q2.getByRole('checkbox', { name: 'Choice 1 is right' }).check();
      await q2.getByRole('checkbox', { name: 'Choice 3 is right' }).check();

      await add.tap();
      const q3 = question(teacher, 3);
      await q3.getByLabel('Prompt').fill('Write 2 + 2 in words');
      await q3.getByLabel('Kind of answer').selectOption({ label: 'Typed answer' });
      await q3.getByLabel('Accepted answers').fill('four\nचार');
      await q3.getByLabel('Explanation').fill('Two and two make four.');

      // The first question's right choice is not marked yet: said there, and nothing is sent.
      await teacher.getByRole('button', { name: 'Save practice' }).tap();
      await q1.getByText('Mark the right choice.').waitFor();
      expect(await seriousViolations(teacher)).toEqual([]);
      await teacher.screenshot({
        path: path.join(shots, 'practice-editor-refused-phone.png'),
        fullPage: true,
      });
      await q1.getByRole('radio', { name: 'Choice 2 is right' }).check();
      await teacher.getByRole('button', { name: 'Save practice' }).tap();
      await teacher.getByText('Practice saved.').waitFor();
      const saved = await teacherContext.request.get(`/api/v1/videos/${videoId}/quiz`);
      expect(
        (
          (await saved.json()) as { data: { questions: Array<{ kind: string; answer: unknown }> } }
        ).data.questions.map((q) => [q.kind, q.answer]),
      ).toEqual([
        ['one', 1],
        ['many', [0, 2]],
        ['text', ['four', 'चार']],
      ]);
      expect(teacherProblems).toEqual([]);

      // The student, on a phone, opens the lesson in its course.
      const context = await browser().newContext({ baseURL, ...phone });
      await signUp(context, 'learn', 'Ravi Kumar');
      const page = await context.newPage();
      const problems = watchProblems(page);
      const lesson = `/courses/${courseId}/lessons/${videoId}`;
      await page.goto(lesson);
      await controlledByWorker(page);
      await page.reload();

      // Online: the first answer wrong, with the explanation; 2 of 3.
      await page.getByRole('button', { name: 'Practice (3 questions)' }).tap();
      await practice(page).getByText('Question 1 of 3').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, 'practice-question-phone.png'), fullPage: true });
      await takeQuiz(page, '6');
      await practice(page).getByText('2 of 3', { exact: true }).waitFor();
      await page.screenshot({ path: path.join(shots, 'practice-score-phone.png'), fullPage: true });
      // Delivered: the server's best, with nothing waiting.
      await page.getByText('Best: 2 of 3').waitFor();
      await expect.poll(() => practice(page).getByText('Pending').count()).toBe(0);

      // Saved for offline; its quiz goes with it. Once saved, the page reads the quiz again (so
      // the download keeps the current one): that read is waited for before the cache is emptied.
      const quizRead = () =>
        page.waitForResponse(
          (res) => new URL(res.url()).pathname === `/api/v1/videos/${videoId}/quiz` && res.status() === 200,
        );
      const readOnceSaved = quizRead();
      await page.getByRole('button', { name: /^Save for offline/ }).tap();
      await page.getByRole('link', { name: 'Saved', exact: true }).waitFor({ timeout: 60_000 });
      await readOnceSaved;
      // The quiz reads the page made online are in the worker's API cache: dropped, so that what
      // answers offline is the copy kept with the download. Dropped once offline: the download
      // reads the quiz too, and a read still on its way online could be kept after the drop
      // (the journey failed so: the offline answer was the API cache's).
      await context.setOffline(true);
      await forgetApiReads(page, [`/api/v1/videos/${videoId}/quiz`]);
      try {
        await page.reload();
        await page.getByRole('button', { name: 'Practice (3 questions)' }).tap();
        await practice(page).getByText('Question 1 of 3').waitFor();
        const offlineRead = await page.evaluate(
          async (address) => ((await (await fetch(address)).json()) as { message: string }).message,
          `/api/v1/videos/${videoId}/quiz`,
        );
        expect(offlineRead).toBe('Saved on this device');
        await takeQuiz(page, '4');
        await practice(page).getByText('3 of 3', { exact: true }).waitFor();
        await practice(page)
          .getByText('Your score is kept on this device and sent when you are online.')
          .waitFor();
        // The best counts the attempt waiting to be sent, and says it waits.
        const best = page.locator('.practice-best');
        await expect.poll(() => best.textContent()).toContain('Best: 3 of 3');
        expect(await best.textContent()).toContain('Pending');
        await page.screenshot({ path: path.join(shots, 'practice-offline-phone.png'), fullPage: true });
      } finally {
        await context.setOffline(false);
      }

      // Back online: the attempt is sent once, and the server's score replaces the device's.
      await expect
        .poll(async () => (await page.locator('.practice-best').textContent())?.trim(), { timeout: 30_000 })
        .toBe('Best: 3 of 3');
      const listed = await context.request.get(`/api/v1/videos/${videoId}/quiz/attempts`);
      expect(listed.status()).toBe(200);
      const attempts = ((await listed.json()) as { data: Attempt[] }).data;
      expect(attempts.map((a) => a.score).sort()).toEqual([2, 3]);
      expect(new Set(attempts.map((a) => a.attemptId)).size).toBe(2);
      await page.reload();
      await page.getByText('Best: 3 of 3').waitFor();
      await page.goto(`/courses/${courseId}`);
      await page.locator('.lesson-list').getByText('Best: 3 of 3').waitFor();
      await page.screenshot({ path: path.join(shots, 'practice-course-phone.png'), fullPage: true });

      // The teacher adds a fourth question after the lesson was saved. The student opens the
      // lesson online once, without opening Practice; offline, with the worker's API cache
      // emptied of the lesson, its download answers the new quiz and its page counts four.
      const current = (
        (await (await teacherContext.request.get(`/api/v1/videos/${videoId}/quiz`)).json()) as {
          data: { questions: object[] };
        }
      ).data.questions;
      const changed = await teacherContext.request.put(`/api/v1/videos/${videoId}/quiz`, {
        headers: { origin: baseURL },
        data: {
          questions: [
            ...current,
            { prompt: 'What is half of 10?', kind: 'text', answer: ['5', 'five'], explanation: null },
          ],
        },
      });
      expect(changed.status(), await changed.text()).toBe(200);
      // Practice is not opened online: the saved lesson's page reads the quiz by itself.
      const watch = `/videos/${videoId}`;
      const readOnOpen = quizRead();
      await page.goto(watch);
      await page.getByRole('button', { name: 'Practice (4 questions)' }).waitFor();
      await readOnOpen;
      await context.setOffline(true);
      await forgetApiReads(page, [`/api/v1/videos/${videoId}/quiz`, `/api/v1/videos/v/${videoId}`]);
      try {
        await page.reload();
        await page.getByRole('button', { name: 'Practice (4 questions)' }).tap();
        await practice(page).getByText('Question 1 of 4').waitFor();
        const savedQuiz = await page.evaluate(
          async (address) =>
            (await (await fetch(address)).json()) as {
              message: string;
              data: { questions: Array<{ prompt: string }> };
            },
          `/api/v1/videos/${videoId}/quiz`,
        );
        expect(savedQuiz.message).toBe('Saved on this device');
        expect(savedQuiz.data.questions.map((q) => q.prompt).at(-1)).toBe('What is half of 10?');
      } finally {
        await context.setOffline(false);
      }

      // In Hindi, and on a desktop.
      await page.evaluate(() => localStorage.setItem('eduportal-language', 'hi'));
      await page.goto(lesson);
      await page.getByRole('button', { name: 'अभ्यास (4 प्रश्न)' }).tap();
      await page.getByText('4 में से प्रश्न 1').waitFor();
      await page.getByRole('radio', { name: '6' }).check();
      await page.getByRole('button', { name: 'जाँचें' }).tap();
      await feedback(page).getByText('पूरी तरह सही नहीं').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, 'practice-question-hi-phone.png'), fullPage: true });
      await page.evaluate(() => localStorage.setItem('eduportal-language', 'en'));
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.reload();
      await page.getByRole('button', { name: 'Practice (4 questions)' }).click();
      await practice(page).getByText('Question 1 of 4').waitFor();
      await page.screenshot({ path: path.join(shots, 'practice-question-desktop.png'), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();

      // The teacher sees how each question went: the first was missed once.
      await teacher.reload();
      const editor = teacher.locator('.practice-editor');
      await question(teacher, 1).getByText('1 of 2 attempts right').waitFor();
      await question(teacher, 2).getByText('2 of 2 attempts right').waitFor();
      await question(teacher, 3).getByText('2 of 2 attempts right').waitFor();
      await editor.scrollIntoViewIfNeeded();
      await teacher.screenshot({ path: path.join(shots, 'practice-editor-stats-phone.png'), fullPage: true });
      await teacher.setViewportSize({ width: 1366, height: 768 });
      await teacher.screenshot({ path: path.join(shots, 'practice-editor-desktop.png'), fullPage: true });
      await teacher.evaluate(() => localStorage.setItem('eduportal-language', 'hi'));
      await teacher.setViewportSize({ width: 412, height: 915 });
      await teacher.reload();
      await teacher.getByRole('heading', { name: 'अभ्यास', level: 2 }).waitFor();
      expect(await seriousViolations(teacher)).toEqual([]);
      await teacher.screenshot({ path: path.join(shots, 'practice-editor-hi-phone.png'), fullPage: true });
      expect(teacherProblems).toEqual([]);
      await teacherContext.close();
    },
  );
});
