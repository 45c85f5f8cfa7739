import fs from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { clientRoutes, type ClientRoutePath } from '../../src/shared/routes.ts';
import { createTestDatabase, databaseKinds } from '../helpers/databases.ts';
import {
  controlledByWorker,
  h1,
  password,
  phone,
  publishCourse,
  signUp,
  uniqueName,
  uploadClip,
  useChromium,
} from '../helpers/e2e.ts';
import { watchProblems } from '../helpers/page-problems.ts';
import { startServerProcess } from '../helpers/server-process.ts';

// The offline promise, walked (docs/offline.md, "The offline walk"): every screen of the route
// table, reached as a student reaches it (menus, links, lists), then reloaded with no network: it
// shows its content, or the copy saved on this device with when it was saved, and never "nothing
// has been saved" for a screen that was seen. Back online, within 10 s the notice goes and what
// changed on the server meanwhile is on screen. A new route joins by being in the route table:
// the walk refuses to run while a route has no way declared to reach it.
/** The server the walk is on: the journeys' own (SQLite), then one on PostgreSQL when there is one. */
let site = inject('baseURL');
const browser = useChromium();

/** What the walk made on the server, and what it changed while the student was offline. */
interface World {
  me: { username: string; userId: string; fullName: string };
  other: { username: string; fullName: string };
  video: { id: string; title: string };
  otherVideo: { id: string; title: string };
  tweet: { id: string; content: string };
  otherTweet: string;
  /** Asha's published course, its one lesson her video; the walker is enrolled in it. */
  course: { id: string; title: string };
  /** The walker's own course, not published: only its teacher sees it. */
  myCourse: { id: string; title: string };
  /** The walker's session, outside the browser: it acts on the server while the phone is offline. */
  mine: APIRequestContext;
  /** The other student's session. */
  theirs: APIRequestContext;
}

type Reach =
  /** Taps from wherever the walk is: menus, links, lists, buttons. */
  | { by: 'taps'; steps: (page: Page, world: World) => Promise<void> }
  /** Only an address leads there, and why. */
  | { by: 'address'; address: (world: World) => string; reason: string };

interface Stop {
  reach: Reach;
  /** The screen's heading, as the route table names it, unless it is another screen's or its data's. */
  heading?: string | ((world: World) => string);
  /** The heading online, when the screen is reached inside another (a video chosen from a list). */
  headingOnline?: string;
  /** Text of the screen's own data that must be on show, online and offline. */
  shows?: (world: World) => string;
  /** The screen reads the API: offline it must say it shows what was saved, and when. */
  saved?: boolean;
  /** A change made on the server while the phone is offline; answers the text that must appear. */
  fresh?: (world: World) => Promise<string>;
}

async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.tap();
}

/** A link of the top bar's menus (on a phone, behind "Open menu"). */
async function menu(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).tap();
}

const tapLink = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('main').getByRole('link', { name }).first().tap();
};

async function ok(res: { status(): number; text(): Promise<string> }, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
}

const origin = () => ({ origin: site });
let changes = 0;
const changed = (what: string) => `${what} ${++changes}`;

async function renameVideo(world: World): Promise<string> {
  const title = changed('Decimals, lesson');
  await ok(
    await world.mine.patch(`/api/v1/videos/${world.video.id}`, { headers: origin(), data: { title } }),
  );
  world.video.title = title;
  return title;
}

async function renameCourse(world: World): Promise<string> {
  const title = changed('Shapes, a course');
  await ok(
    await world.theirs.patch(`/api/v1/courses/${world.course.id}`, { headers: origin(), data: { title } }),
  );
  world.course.title = title;
  return title;
}

/** The course's card on /courses: its "Start Learning" opens the course. */
async function openCourse(page: Page, w: World) {
  await menu(page, 'Courses');
  await page.getByRole('link', { name: `Start Learning: ${w.course.title}` }).tap();
}

async function renameOther(world: World): Promise<string> {
  const fullName = changed('Asha Verma');
  await ok(
    await world.theirs.patch('/api/v1/users/update-account', { headers: origin(), data: { fullName } }),
  );
  world.other.fullName = fullName;
  return fullName;
}

/** The signed-in walk: every route, reached as a signed-in student does. */
const signedIn: Record<ClientRoutePath, Stop> = {
  '/': { reach: { by: 'taps', steps: (page) => page.locator('.site-header .brand').first().tap() } },
  '/courses': {
    reach: { by: 'taps', steps: (page) => menu(page, 'Courses') },
    shows: (w) => w.course.title,
    saved: true,
    fresh: renameCourse,
  },
  '/courses/new': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'Become an Instructor');
        await page.getByRole('main').getByRole('link', { name: 'teach a course' }).tap();
      },
    },
  },
  '/courses/$courseId': {
    reach: { by: 'taps', steps: openCourse },
    heading: (w) => w.course.title,
    shows: (w) => w.otherVideo.title,
    saved: true,
    fresh: renameCourse,
  },
  '/courses/$courseId/edit': {
    reach: {
      by: 'taps',
      steps: async (page, w) => {
        await menu(page, 'My Courses');
        await page.getByRole('link', { name: `Edit: ${w.myCourse.title}` }).tap();
      },
    },
    saved: true,
  },
  '/courses/$courseId/lessons/$videoId': {
    reach: {
      by: 'taps',
      steps: async (page, w) => {
        await openCourse(page, w);
        await page
          .getByRole('main')
          .getByRole('link', { name: new RegExp(w.otherVideo.title) })
          .tap();
      },
    },
    heading: (w) => w.course.title,
    shows: () => 'Lesson 1 of 1',
    saved: true,
  },
  '/mycourses': {
    reach: { by: 'taps', steps: (page) => menu(page, 'My Courses') },
    shows: (w) => w.course.title,
    saved: true,
    fresh: renameCourse,
  },
  '/blog': { reach: { by: 'taps', steps: (page) => menu(page, 'Blog') } },
  '/instructor': { reach: { by: 'taps', steps: (page) => menu(page, 'Become an Instructor') } },
  '/contact': { reach: { by: 'taps', steps: (page) => menu(page, 'Contact') } },
  '/settings': { reach: { by: 'taps', steps: (page) => menu(page, 'Settings') } },
  '/dashbord': {
    reach: { by: 'taps', steps: (page) => menu(page, 'Dashboard') },
    shows: (w) => w.video.title,
    saved: true,
    fresh: renameVideo,
  },
  '/videos': {
    reach: {
      by: 'address',
      address: () => '/videos',
      reason: 'the old app’s second name for the dashboard: no screen links to it',
    },
    shows: (w) => w.video.title,
    saved: true,
    fresh: renameVideo,
  },
  '/videos/$videoId': {
    // Chosen from the list, the player shows and the address bar holds the video's own address.
    reach: {
      by: 'taps',
      steps: async (page, w) => {
        await menu(page, 'Dashboard');
        await page
          .locator('.video-grid')
          .getByRole('button', { name: new RegExp(w.video.title) })
          .tap();
        await page.waitForURL(`**/videos/${w.video.id}`);
      },
    },
    headingOnline: 'All videos',
    shows: (w) => w.video.title,
    saved: true,
    fresh: renameVideo,
  },
  '/getvideos': {
    reach: { by: 'taps', steps: (page) => menu(page, 'My Videos') },
    shows: (w) => w.video.title,
    saved: true,
    fresh: renameVideo,
  },
  '/updatevideo/$videoId': {
    reach: {
      by: 'taps',
      steps: async (page, w) => {
        await menu(page, 'My Videos');
        await page
          .locator('.video-grid')
          .getByRole('button', { name: new RegExp(w.video.title) })
          .tap();
        await page.getByRole('link', { name: 'Update Video' }).tap();
      },
    },
    saved: true,
  },
  '/uploadvideo': { reach: { by: 'taps', steps: (page) => menu(page, 'Upload Video') } },
  '/acc': {
    reach: { by: 'taps', steps: (page) => menu(page, 'My Account') },
    shows: (w) => w.me.username,
    saved: true,
    fresh: async (w) => {
      const fullName = changed('Ravi Shankar');
      await ok(await w.mine.patch('/api/v1/users/update-account', { headers: origin(), data: { fullName } }));
      w.me.fullName = fullName;
      return fullName;
    },
  },
  '/updatecover': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'My Account');
        await page.getByRole('link', { name: /cover image/ }).tap();
      },
    },
  },
  '/updateavatar': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'My Account');
        await page.getByRole('link', { name: 'Edit avatar' }).tap();
      },
    },
  },
  '/updateaccount': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'My Account');
        await page.getByRole('link', { name: 'Update Account Details' }).tap();
      },
    },
  },
  '/changepass': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'My Account');
        await page.getByRole('link', { name: 'Change Password' }).tap();
      },
    },
  },
  '/mysubscribers': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'My Account');
        await page.getByRole('link', { name: 'Subscribers' }).tap();
      },
    },
    shows: (w) => w.other.username,
    saved: true,
    fresh: renameOther,
  },
  '/subscriptions': {
    reach: { by: 'taps', steps: (page) => menu(page, 'My Subscriptions') },
    shows: (w) => w.other.username,
    saved: true,
    fresh: renameOther,
  },
  '/userprofile/$username': {
    // From the player: the owner's name leads to their channel.
    reach: {
      by: 'taps',
      steps: async (page, w) => {
        await menu(page, 'Dashboard');
        await page
          .locator('.video-grid')
          .getByRole('button', { name: new RegExp(w.otherVideo.title) })
          .tap();
        await page.locator('.player-owner-link').tap();
      },
    },
    shows: (w) => w.other.username,
    saved: true,
    fresh: renameOther,
  },
  '/userprofile1/$username': {
    // From a tweet: its author's name leads to their channel.
    reach: {
      by: 'taps',
      steps: async (page, w) => {
        await menu(page, 'Tweets');
        await page
          .locator('article, li')
          .filter({ hasText: w.otherTweet })
          .getByRole('link', { name: w.other.username })
          .first()
          .tap();
      },
    },
    shows: (w) => w.other.username,
    saved: true,
    fresh: renameOther,
  },
  '/tweets': {
    reach: { by: 'taps', steps: (page) => menu(page, 'Tweets') },
    shows: (w) => w.otherTweet,
    saved: true,
    fresh: async (w) => {
      const content = changed('Posted while you were on the bus');
      await ok(await w.theirs.post('/api/v1/tweets', { headers: origin(), data: { content } }), 201);
      w.otherTweet = content;
      return content;
    },
  },
  '/getusertweets': {
    reach: { by: 'taps', steps: (page) => menu(page, 'My Tweets') },
    shows: (w) => w.tweet.content,
    saved: true,
    fresh: async (w) => {
      const content = changed('Sent from the school computer');
      await ok(await w.mine.patch(`/api/v1/tweets/${w.tweet.id}`, { headers: origin(), data: { content } }));
      w.tweet.content = content;
      return content;
    },
  },
  '/updatetweet/$tweetId': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'My Tweets');
        await page.getByRole('link', { name: 'Update Tweet' }).first().tap();
      },
    },
    saved: true,
  },
  '/createtweet': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'My Tweets');
        await page.getByRole('link', { name: 'Create New Tweet' }).tap();
      },
    },
  },
  '/outbox': { reach: { by: 'taps', steps: (page) => page.getByRole('link', { name: /^Outbox/ }).tap() } },
  '/downloads': { reach: { by: 'taps', steps: (page) => menu(page, 'Downloads') } },
  '/login': {
    reach: {
      by: 'address',
      address: () => '/login',
      reason: 'a signed-in student has no link to sign in again (the menu offers Logout)',
    },
  },
  '/register': {
    reach: {
      by: 'address',
      address: () => '/register',
      reason: 'a signed-in student has no link to register (the menu offers Logout)',
    },
  },
};

const privateScreen = (path: ClientRoutePath): Stop => ({
  reach: {
    by: 'address',
    address: (w) =>
      path
        .replace('$videoId', w.video.id)
        .replace('$courseId', w.myCourse.id)
        .replace('$tweetId', w.tweet.id)
        .replace('$username', w.other.username),
    reason: 'a signed-out visitor has no link to a signed-in screen; its address sends them to Login',
  },
  heading: 'Login',
});

/** The signed-out walk: public screens by taps; the signed-in ones say where they lead. */
const signedOut: Record<ClientRoutePath, Stop> = {
  ...(Object.fromEntries(
    Object.keys(signedIn).map((path) => [path, privateScreen(path as ClientRoutePath)]),
  ) as Record<ClientRoutePath, Stop>),
  '/': signedIn['/'],
  '/courses': signedIn['/courses'],
  // A course and its lessons are public: a visitor follows them before signing up.
  '/courses/$courseId': signedIn['/courses/$courseId'],
  '/courses/$courseId/lessons/$videoId': signedIn['/courses/$courseId/lessons/$videoId'],
  '/blog': signedIn['/blog'],
  '/instructor': signedIn['/instructor'],
  '/contact': signedIn['/contact'],
  '/settings': signedIn['/settings'],
  '/login': { reach: { by: 'taps', steps: (page) => menu(page, 'Login / Register') } },
  '/register': {
    reach: {
      by: 'taps',
      steps: async (page) => {
        await menu(page, 'Login / Register');
        await tapLink('Register here')(page);
      },
    },
  },
  '/videos/$videoId': {
    reach: {
      by: 'address',
      address: (w) => `/videos/${w.otherVideo.id}`,
      reason: 'signed out there is no list of videos: a lesson is opened from a link someone shared',
    },
    shows: (w) => w.otherVideo.title,
    saved: true,
  },
  '/userprofile/$username': {
    reach: {
      by: 'taps',
      steps: async (page, w) => {
        await page.goto(`/videos/${w.otherVideo.id}`);
        await page.locator('.player-owner-link').tap();
      },
    },
    shows: (w) => w.other.username,
    saved: true,
    fresh: renameOther,
  },
  '/userprofile1/$username': {
    reach: {
      by: 'address',
      address: (w) => `/userprofile1/${w.other.username}`,
      reason: 'the tweets that link to it are a signed-in screen: signed out it is a shared link',
    },
    shows: (w) => w.other.username,
    saved: true,
    fresh: renameOther,
  },
  '/outbox': {
    reach: {
      by: 'address',
      address: () => '/outbox',
      reason: 'the top bar shows the outbox only to a signed-in student',
    },
  },
};

const titleOf = (path: ClientRoutePath) => clientRoutes.find((r) => r.path === path)!.title;

/** The screen says there is nothing saved, or failed: text that must never show for a seen screen. */
const broken = /nothing has been saved|Error: |Something went wrong/i;

/** `text` is on the screen (the menus' hidden copies of names do not count). */
const shown = (page: Page, text: string) =>
  page.getByRole('main').getByText(text).first().waitFor({ timeout: 10_000 });

async function walk(
  context: BrowserContext,
  page: Page,
  world: World,
  table: Record<ClientRoutePath, Stop>,
  mode: string,
): Promise<string[]> {
  const failures: string[] = [];
  for (const { path } of clientRoutes) {
    const stop = table[path];
    const heading =
      typeof stop.heading === 'function' ? stop.heading(world) : (stop.heading ?? titleOf(path));
    const step = async (what: string, run: () => Promise<void>) => {
      try {
        await run();
        return true;
      } catch (err) {
        failures.push(`${mode} ${path}: ${what}: ${(err as Error).message.split('\n')[0]}`);
        return false;
      }
    };
    const reached = await step('reached online', async () => {
      if (stop.reach.by === 'taps') await stop.reach.steps(page, world);
      else await page.goto(stop.reach.address(world));
      await expect
        .poll(() => h1(page).textContent(), { timeout: 10_000 })
        .toBe(stop.headingOnline ?? heading);
      if (stop.shows) await shown(page, stop.shows(world));
      // Every read of the screen has been answered (and so saved by the worker).
      await page.waitForLoadState('networkidle');
    });
    if (!reached) {
      await page.goto('/');
      continue;
    }

    let change: Promise<string> | undefined;
    await context.setOffline(true);
    try {
      await step('reloaded offline', async () => {
        await page.reload();
        await expect.poll(() => h1(page).textContent(), { timeout: 10_000 }).toBe(heading);
        if (stop.shows) await shown(page, stop.shows(world));
        if (stop.saved) await page.getByText('showing what was saved at').waitFor({ timeout: 10_000 });
        const main = (await page.getByRole('main').textContent()) ?? '';
        expect(main).not.toMatch(broken);
      });
      if (stop.fresh) change = stop.fresh(world);
      await change;
    } finally {
      await context.setOffline(false);
    }
    await step('back online within 10 s', async () => {
      const expected = await change;
      const deadline = Date.now() + 10_000;
      await expect
        .poll(() => page.getByText('showing what was saved at').count(), { timeout: 10_000 })
        .toBe(0);
      if (expected) {
        await page
          .getByRole('main')
          .getByText(expected)
          .first()
          .waitFor({ timeout: Math.max(1, deadline - Date.now()) });
      }
    });
  }
  return failures;
}

/**
 * The server of one walk: the journeys' own, on SQLite; or a production server process of its own
 * on a fresh PostgreSQL database, when TEST_DATABASE_URL names one (as in CI).
 */
async function serverOn(kind: DatabaseConfig['kind']): Promise<{ url: string; stop(): Promise<void> }> {
  if (kind === 'sqlite') return { url: inject('baseURL'), stop: async () => undefined };
  const database = await createTestDatabase('postgres', { migrate: false });
  if (database.config.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
  const server = await startServerProcess({
    DATABASE_URL: database.config.connectionString,
    RATE_LIMIT_REGISTER_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await database.destroy();
    },
  };
}

describe.each(databaseKinds)('the offline walk, at 412x915, on %s', (kind) => {
  let world: World;
  let cleanup: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const server = await serverOn(kind);
    site = server.url;
    cleanup.push(() => server.stop());
    const owner = await browser().newContext({ baseURL: site, ...phone });
    const other = await signUp(owner, 'asha', 'Asha Verma', site);
    const otherVideo = { id: '', title: `Shapes around us ${uniqueName('v')}` };
    otherVideo.id = await uploadClip(owner, otherVideo.title, 'Triangles, circles and squares.', site);
    const otherTweet = `Revision at six ${uniqueName('t')}`;
    await ok(
      await owner.request.post('/api/v1/tweets', { headers: origin(), data: { content: otherTweet } }),
      201,
    );
    const theirs = await playwrightRequest.newContext({
      baseURL: site,
      storageState: await owner.storageState(),
    });
    await owner.close();
    const course = { id: '', title: `Shapes ${uniqueName('c')}` };
    course.id = await publishCourse(theirs, course.title, [otherVideo.id], { site });

    const walker = await browser().newContext({ baseURL: site, ...phone });
    const me = await signUp(walker, 'walker', 'Ravi Shankar', site);
    const video = { id: '', title: `Decimals ${uniqueName('v')}` };
    video.id = await uploadClip(walker, video.title, 'Tenths and hundredths.', site);
    const content = `My notes on decimals ${uniqueName('t')}`;
    const posted = await walker.request.post('/api/v1/tweets', { headers: origin(), data: { content } });
    await ok(posted, 201);
    const tweetId = ((await posted.json()) as { data: { _id: string } }).data._id;
    // Each follows the other: both lists of people have someone in them.
    const mine = await playwrightRequest.newContext({
      baseURL: site,
      storageState: await walker.storageState(),
    });
    await walker.close();
    await ok(
      await mine.post(`/api/v1/subscriptions/c/${other.userId}`, {
        headers: origin(),
        data: { subscribed: true },
      }),
    );
    const { data: meAsUser } = (await (await mine.get('/api/v1/users/current-user')).json()) as {
      data: { _id: string };
    };
    await ok(
      await theirs.post(`/api/v1/subscriptions/c/${meAsUser._id}`, {
        headers: origin(),
        data: { subscribed: true },
      }),
    );
    await ok(
      await mine.post(`/api/v1/courses/${course.id}/enrol`, { headers: origin(), data: { enrolled: true } }),
    );
    const myCourse = { id: '', title: `Decimals course ${uniqueName('c')}` };
    myCourse.id = await publishCourse(mine, myCourse.title, [video.id], { publish: false, site });
    world = {
      me: { ...me, fullName: 'Ravi Shankar' },
      course,
      myCourse,
      other: { username: other.username, fullName: 'Asha Verma' },
      video,
      otherVideo,
      tweet: { id: tweetId, content },
      otherTweet,
      mine,
      theirs,
    };
    cleanup.unshift(
      () => mine.dispose(),
      () => theirs.dispose(),
    );
  });
  afterAll(async () => {
    for (const done of cleanup) await done();
    cleanup = [];
  });

  it('declares a way to reach every route of the route table, signed in and signed out', () => {
    const routes = clientRoutes.map((r) => r.path).sort();
    expect(Object.keys(signedIn).sort()).toEqual(routes);
    expect(Object.keys(signedOut).sort()).toEqual(routes);
    for (const table of [signedIn, signedOut]) {
      for (const stop of Object.values(table)) {
        if (stop.reach.by === 'address') expect(stop.reach.reason.length).toBeGreaterThan(20);
      }
    }
  });

  it(
    'signed out: every route opens offline after it was seen, and is fresh again within 10 s online',
    { timeout: 600_000 },
    async () => {
      const context = await browser().newContext({ baseURL: site, ...phone });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto('/');
      await controlledByWorker(page);
      await page.reload();
      const failures = await walk(context, page, world, signedOut, 'signed out');
      await context.close();
      expect(failures).toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  it(
    'signed in: every route opens offline after it was seen, and is fresh again within 10 s online',
    { timeout: 600_000 },
    async () => {
      const context = await browser().newContext({ baseURL: site, ...phone });
      // A session of its own, as the student's phone has.
      await ok(
        await context.request.post('/api/v1/users/login', {
          headers: origin(),
          data: { username: world.me.username, password },
        }),
      );
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto('/');
      await controlledByWorker(page);
      await page.reload();
      const failures = await walk(context, page, world, signedIn, 'signed in');
      await context.close();
      expect(failures).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});
