import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { watchProblems } from '../helpers/page-problems.ts';
import { makeClip } from '../helpers/clips.ts';
import {
  controlledByWorker,
  desktop,
  h1,
  password,
  phone,
  publishCourse,
  seriousViolations,
  shots,
  signUp,
  uniqueName,
  uploadClip,
  uploadMp4,
  useChromium,
} from '../helpers/e2e.ts';

// Courses as a teacher makes them and a student follows them (product-additions.md, "Courses a
// student can follow and carry"), in a real Chromium against the built server.
const baseURL = inject('baseURL');
const browser = useChromium();

/** The lessons as the course page lists them, in order. */
const lessonTitles = (page: Page) => page.locator('.lesson-list .lesson-title').allTextContents();

describe('courses, from the teacher’s form to the student’s lessons', () => {
  it(
    'a teacher builds and publishes a course of three lessons; a student enrols and steps through it',
    { timeout: 180_000 },
    async () => {
      // The teacher, on a phone.
      const teacherContext = await browser().newContext({ baseURL, ...phone });
      await signUp(teacherContext, 'teacher', 'Meera Iyer');
      const tag = uniqueName('c');
      const titles = [`Place value ${tag}`, `Adding tens ${tag}`, `Carrying ${tag}`];
      for (const title of titles) await uploadClip(teacherContext, title, 'Numbers for class two.');
      const teacher = await teacherContext.newPage();
      const teacherProblems = watchProblems(teacher);
      await teacher.goto('/instructor');
      await teacher.getByRole('link', { name: 'teach a course' }).tap();
      await expect.poll(() => h1(teacher).textContent()).toBe('New course');

      const courseTitle = `Numbers to a hundred ${tag}`;
      await teacher.getByRole('textbox', { name: 'Title' }).fill(courseTitle);
      await teacher.getByRole('textbox', { name: 'Description' }).fill('Ten short lessons on tens and ones.');
      await teacher.getByRole('combobox', { name: 'Language' }).selectOption('en');
      // Added in the order 3, 1, 2, then put right with Move up and Move down.
      for (const title of [titles[2]!, titles[0]!, titles[1]!]) {
        await teacher.getByRole('button', { name: `Add: ${title}` }).tap();
      }
      await teacher.getByRole('button', { name: `Move down: ${titles[2]}` }).tap();
      await teacher.getByRole('button', { name: `Move down: ${titles[2]}` }).tap();
      expect(await teacher.locator('.chosen-lessons .lesson-title').allTextContents()).toEqual(
        titles.map((title, i) => `Lesson ${i + 1} of 3: ${title}`),
      );
      await teacher.getByRole('button', { name: 'Publish' }).tap();
      await teacher.waitForURL(/\/courses\/[^/]+\/edit$/);
      await expect.poll(() => teacher.getByRole('button', { name: 'Unpublish' }).count()).toBe(1);
      const courseId = /\/courses\/([^/]+)\/edit$/.exec(teacher.url())![1]!;
      expect(await seriousViolations(teacher)).toEqual([]);
      await teacher.screenshot({ path: path.join(shots, 'course-edit-phone.png'), fullPage: true });

      // "Courses I teach" lists it with Edit.
      await teacher.goto('/mycourses');
      await teacher.getByRole('link', { name: `Edit: ${courseTitle}` }).waitFor();
      expect(teacherProblems).toEqual([]);
      await teacherContext.close();

      // The student, on a computer.
      const studentContext = await browser().newContext({ baseURL, ...desktop });
      await signUp(studentContext, 'learner', 'Kavya Singh');
      const student = await studentContext.newPage();
      const studentProblems = watchProblems(student);
      // A year in the address is a search like any other (it once read as a number and broke).
      await student.goto('/courses?q=2024');
      await expect.poll(() => h1(student).textContent()).toBe('Courses');
      await student.getByText('No course matches “2024”.').waitFor();
      await student.getByRole('searchbox', { name: 'Search courses' }).fill('hundred');
      await student.waitForURL(/\?q=hundred$/);
      await student.getByRole('link', { name: `Start Learning: ${courseTitle}` }).click();
      await expect.poll(() => h1(student).textContent()).toBe(courseTitle);
      expect(student.url()).toContain(`/courses/${courseId}`);
      await expect.poll(() => lessonTitles(student)).toEqual(titles);
      expect(await student.getByText('0 of 3 lessons').count()).toBe(1);
      expect(await student.getByRole('link', { name: 'Meera Iyer' }).count()).toBe(1);
      await student.getByRole('button', { name: 'Enrol' }).click();
      await student.getByRole('link', { name: 'Continue' }).click();

      await student.getByText('Lesson 1 of 3').waitFor();
      expect(await student.getByRole('link', { name: 'Previous lesson' }).count()).toBe(0);
      await student.getByRole('link', { name: 'Next lesson' }).click();
      await student.getByText('Lesson 2 of 3').waitFor();
      await expect.poll(() => student.title()).toBe(`${titles[1]} · EduPortal`);
      await student.getByRole('link', { name: 'Next lesson' }).click();
      await student.getByText('Lesson 3 of 3').waitFor();
      expect(await student.getByRole('link', { name: 'Next lesson' }).count()).toBe(0);
      await student.getByRole('link', { name: 'Previous lesson' }).click();
      await student.getByText('Lesson 2 of 3').waitFor();
      expect(await seriousViolations(student)).toEqual([]);
      await student.screenshot({ path: path.join(shots, 'course-lesson-desktop.png') });

      // My Courses: the course, its progress and Continue.
      await student
        .getByRole('navigation', { name: 'Your pages' })
        .getByRole('link', { name: 'My Courses' })
        .click();
      await expect.poll(() => h1(student).textContent()).toBe('My Courses');
      await student.getByRole('link', { name: `Continue: ${courseTitle}` }).waitFor();
      expect(await student.getByText('0 of 3 lessons done').count()).toBe(1);
      expect(await seriousViolations(student)).toEqual([]);
      await student.screenshot({ path: path.join(shots, 'my-courses-desktop.png') });

      // The course page on a phone, in Hindi.
      const phoneContext = await browser().newContext({
        baseURL,
        ...phone,
        storageState: await studentContext.storageState(),
      });
      const hindi = await phoneContext.newPage();
      await hindi.goto('/');
      await hindi.evaluate(() => localStorage.setItem('eduportal-language', 'hi'));
      await hindi.goto(`/courses/${courseId}`);
      await expect.poll(() => h1(hindi).textContent()).toBe(courseTitle);
      await hindi.getByText('3 में से 0 पाठ').waitFor();
      await hindi.getByRole('link', { name: 'जारी रखें' }).waitFor();
      expect(await seriousViolations(hindi)).toEqual([]);
      await hindi.screenshot({ path: path.join(shots, 'course-hindi-phone.png'), fullPage: true });
      await phoneContext.close();

      expect(studentProblems).toEqual([]);
      await studentContext.close();
    },
  );

  it('shows the spec’s placeholder text on My Courses with no course, and hides an unpublished course', async () => {
    const context = await browser().newContext({ baseURL, ...phone });
    await signUp(context, 'newcomer', 'Ravi Das');
    const page = await context.newPage();
    await page.goto('/mycourses');
    await page.getByText('The courses you take will be listed here.').waitFor();
    expect(await page.getByRole('link', { name: 'Browse the courses' }).getAttribute('href')).toBe(
      '/courses',
    );

    // Someone else's course: its edit form says whose it is instead of failing at Save.
    const other = await browser().newContext({ baseURL, ...phone });
    await signUp(other, 'owner', 'Asha Verma');
    const made = await other.request.post('/api/v1/courses', {
      headers: { origin: baseURL },
      data: { title: 'Not yours', language: 'en' },
    });
    const courseId = ((await made.json()) as { data: { _id: string } }).data._id;
    await other.close();
    await page.goto(`/courses/${courseId}`);
    // Unpublished: nobody but its teacher finds it.
    await expect.poll(() => h1(page).textContent()).toBe('Course not found');
    await context.close();
  });

  it(
    'resumes a lesson where the student stopped: after a reload, and in another browser profile',
    { timeout: 180_000 },
    async () => {
      // Two minutes, so that the middle is far from the end (the last 30 s count as finished);
      // with no sound, its container says no length, and the player's own is the one that counts.
      const clip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-resume-')), 'lesson.mp4');
      makeClip(clip, { width: 320, height: 180, seconds: 120, audio: false });
      const teacher = await browser().newContext({ baseURL, ...phone });
      await signUp(teacher, 'resumer', 'Meera Iyer');
      const lesson = await uploadMp4(teacher, `Long division ${uniqueName('v')}`, clip, '#264');
      const courseId = await publishCourse(teacher.request, `Division ${uniqueName('c')}`, [lesson._id]);
      await teacher.close();

      const phoneA = await browser().newContext({ baseURL, ...phone });
      const { username } = await signUp(phoneA, 'student', 'Kavya Singh');
      const page = await phoneA.newPage();
      const problems = watchProblems(page);
      await page.goto(`/courses/${courseId}`);
      await page.getByRole('button', { name: 'Enrol' }).tap();
      await page.getByRole('link', { name: 'Continue' }).tap();
      await page.getByText('Lesson 1 of 1').waitFor();
      // Watched to the middle, then paused: the place is kept and sent at once.
      await page.locator('video').evaluate(async (el: HTMLVideoElement) => {
        el.muted = true;
        await el.play();
        el.currentTime = 60;
        await new Promise((done) => setTimeout(done, 1500));
        el.pause();
      });
      await expect
        .poll(
          async () => {
            const res = await phoneA.request.get(`/api/v1/progress?videoIds=${lesson._id}`);
            const { data } = (await res.json()) as { data: Array<{ position: number }> };
            return data[0]?.position ?? 0;
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(55);

      // Nothing is downloaded before Play (preload "none"): the notice says where it will start,
      // and pressing Play starts there.
      const startsNearMiddle = async (where: typeof page) => {
        await where.getByText(/^Resuming at 1:0\d$/).waitFor({ timeout: 15_000 });
        await where.locator('video').evaluate(async (el: HTMLVideoElement) => {
          el.muted = true;
          await el.play();
        });
        await expect
          .poll(() => where.locator('video').evaluate((el: HTMLVideoElement) => el.currentTime))
          .toBeGreaterThan(55);
        const at = await where.locator('video').evaluate((el: HTMLVideoElement) => el.currentTime);
        expect(Math.abs(at - 61)).toBeLessThan(5);
      };
      await page.reload();
      await startsNearMiddle(page);
      await page.screenshot({ path: path.join(shots, 'lesson-resume-phone.png') });
      expect(problems).toEqual([]);
      await phoneA.close();

      // Another profile: nothing on this device, the server's place alone.
      const phoneB = await browser().newContext({ baseURL, ...desktop });
      const login = await phoneB.request.post('/api/v1/users/login', {
        headers: { origin: baseURL },
        data: { username, password },
      });
      expect(login.status()).toBe(200);
      const other = await phoneB.newPage();
      await other.goto(`/courses/${courseId}`);
      await other.getByRole('link', { name: 'Continue' }).click();
      await startsNearMiddle(other);
      // Start over goes back to the beginning.
      await other.getByRole('button', { name: 'Start over' }).click();
      expect(await other.locator('video').evaluate((el: HTMLVideoElement) => el.currentTime)).toBeLessThan(1);
      await phoneB.close();
      fs.rmSync(path.dirname(clip), { recursive: true, force: true });
    },
  );

  it(
    'saves a whole course through a cut connection, plays a lesson offline, finishes it, and the server has it once back online',
    { timeout: 180_000 },
    async () => {
      const teacher = await browser().newContext({ baseURL, ...phone });
      await signUp(teacher, 'carrier', 'Meera Iyer');
      const tag = uniqueName('c');
      const titles = [`Shapes ${tag}`, `Angles ${tag}`];
      const ids: string[] = [];
      for (const title of titles) ids.push(await uploadClip(teacher, title));
      const courseId = await publishCourse(teacher.request, `Geometry ${tag}`, ids);
      await teacher.close();

      const context = await browser().newContext({ baseURL, ...phone });
      await signUp(context, 'bus', 'Kavya Singh');
      const page = await context.newPage();
      const problems = watchProblems(page);
      // Every request of the save, by the copy it asks for. The link drops for every lesson but
      // the first one asked for, and stays down until it is back.
      const asked = new Map<string, number>();
      let first: string | undefined;
      let cut = 0;
      let reconnected = false;
      await page.route('**/*', async (route) => {
        const download = await route.request().headerValue('x-eduportal-download');
        if (!download) return route.continue();
        const copy = new URL(route.request().url()).pathname;
        first ??= copy;
        asked.set(copy, (asked.get(copy) ?? 0) + 1);
        if (copy !== first && !reconnected) {
          cut += 1;
          return route.abort('internetdisconnected');
        }
        return route.continue();
      });
      await page.goto('/');
      await controlledByWorker(page);
      await page.goto(`/courses/${courseId}`);
      // The size and the free space are said before anything is sent.
      const save = page.getByRole('button', {
        name: /^Save course · [\d.]+ (KB|MB) of [\d.]+ (MB|GB) free$/,
      });
      await save.tap();
      // The first lesson arrives; the second waits for the link, and the course says how far it got.
      await page.getByText('Saving 1 of 2 lessons').waitFor({ timeout: 60_000 });
      await expect.poll(() => cut, { timeout: 30_000 }).toBeGreaterThan(0);
      await page
        .getByText('The server could not be reached. Trying again shortly.')
        .waitFor({ timeout: 30_000 });
      expect(await page.getByText(/^Course saved on this device/).count()).toBe(0);
      await page.screenshot({ path: path.join(shots, 'course-saving-cut-phone.png') });
      // The link comes back while the student closes and reopens the app: the course goes on,
      // and the lesson already saved is not sent again.
      reconnected = true;
      await page.reload();
      await page.getByText(/^Course saved on this device · /).waitFor({ timeout: 60_000 });
      const copies = [...asked.keys()];
      expect(copies).toHaveLength(2);
      expect(asked.get(first!)).toBe(1);
      console.log(`course save: ${cut} requests cut, ${JSON.stringify(Object.fromEntries(asked))}`);
      await page.unroute('**/*');
      expect(await page.getByText('Saved on this device', { exact: true }).count()).toBe(2);
      await page.screenshot({ path: path.join(shots, 'course-saved-phone.png'), fullPage: true });

      // /downloads lists the lessons under their course.
      await page.goto('/downloads');
      const group = page.getByRole('region', { name: `Geometry ${tag}` });
      await expect.poll(() => group.getByRole('heading', { level: 3 }).allTextContents()).toEqual(titles);
      await page.screenshot({ path: path.join(shots, 'downloads-course-phone.png'), fullPage: true });

      await page.goto(`/courses/${courseId}`);
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      try {
        await page.reload();
        await expect.poll(() => h1(page).textContent()).toBe(`Geometry ${tag}`);
        // Enrolled on the bus: Continue at once, Pending until the server has it.
        await page.getByRole('button', { name: 'Enrol' }).tap();
        await page.getByRole('link', { name: 'Continue' }).waitFor();
        // The focus went from Enrol to what took its place.
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
        await page.locator('.course-actions').getByText('Pending').waitFor();
        await page.screenshot({ path: path.join(shots, 'course-enrolled-offline-phone.png') });
        await page
          .getByRole('main')
          .getByRole('link', { name: new RegExp(titles[1]!) })
          .tap();
        await page.getByText('Lesson 2 of 2').waitFor();
        // Played to its end with no network: the lesson is finished on the device.
        await page.locator('video').evaluate(async (el: HTMLVideoElement) => {
          el.muted = true;
          await el.play();
          await new Promise<void>((done) => el.addEventListener('ended', () => done(), { once: true }));
        });
      } finally {
        await context.setOffline(false);
      }
      // Back online, the finished lesson reaches the server, once.
      await expect
        .poll(
          async () => {
            const res = await context.request.get(`/api/v1/progress?videoIds=${ids[1]}`);
            const { data } = (await res.json()) as { data: Array<{ completed: boolean }> };
            return data.map((p) => p.completed);
          },
          { timeout: 30_000 },
        )
        .toEqual([true]);
      // And so does the enrolment made offline: the course is among the student's, once.
      await expect
        .poll(
          async () => {
            const res = await context.request.get('/api/v1/courses/enrolled');
            const { data } = (await res.json()) as { data: { docs: Array<{ _id: string }> } };
            return data.docs.map((c) => c._id).filter((id) => id === courseId);
          },
          { timeout: 30_000 },
        )
        .toEqual([courseId]);
      await page.goto(`/courses/${courseId}`);
      await page.getByText('1 of 2 lessons').waitFor();
      await page.getByRole('link', { name: 'Continue' }).waitFor();
      await expect.poll(() => page.locator('.course-actions').getByText('Pending').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
