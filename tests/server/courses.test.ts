import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import {
  apiCall,
  type ApiCall,
  json,
  registerAndSignIn,
  uploadVideo,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

interface CourseAnswer {
  _id: string;
  title: string;
  published: boolean;
  lessonsCount: number;
  totalDuration: number;
  enrolled?: boolean;
  owner: { username: string };
  lessons?: Array<{ position: number; video: { _id: string; title: string; renditions: unknown[] } }>;
}

describe.each(databaseKinds)('courses on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let videos: string[];

  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    videos = [];
    for (const title of ['Fractions', 'Decimals', 'Percentages']) {
      videos.push(json(await uploadVideo(server.app, ana, { title })).data._id as string);
    }
  });
  afterEach(async () => {
    await server.close();
  });

  const call = (...args: ApiCall) => apiCall(server.app, ...args);

  /** Ana's course with the given lessons, published unless told otherwise. */
  async function course(lessons: string[], { publish = true, title = 'Numbers' } = {}): Promise<string> {
    const created = await call('POST', '/courses', ana, { title, language: 'en' });
    expect(created.statusCode).toBe(201);
    const id = json(created).data._id as string;
    if (lessons.length > 0)
      expect((await call('PUT', `/courses/${id}/lessons`, ana, { videoIds: lessons })).statusCode).toBe(200);
    if (publish)
      expect((await call('PATCH', `/courses/${id}`, ana, { published: true })).statusCode).toBe(200);
    return id;
  }

  it('keeps a course unpublished until it has a lesson, then lists it with its lessons in order', async () => {
    const created = await call('POST', '/courses', ana, {
      title: '  Numbers for class 6 ',
      description: 'Fractions first',
      language: 'hi',
    });
    expect(created.statusCode).toBe(201);
    const draft = json(created).data as CourseAnswer;
    expect(draft).toMatchObject({
      title: 'Numbers for class 6',
      language: 'hi',
      published: false,
      lessonsCount: 0,
      totalDuration: 0,
      cover: null,
      owner: { username: 'ana' },
    });

    const early = await call('PATCH', `/courses/${draft._id}`, ana, { published: true });
    expect(early.statusCode).toBe(400);
    expect(json(early).errors).toEqual([
      { field: 'published', message: 'A course with no lesson cannot be published' },
    ]);
    // A draft is its owner's alone: no one else finds it, in a list or at its address.
    expect((await call('GET', `/courses/${draft._id}`, ben)).statusCode).toBe(404);
    expect((await call('GET', `/courses/${draft._id}`)).statusCode).toBe(404);
    expect(json(await call('GET', '/courses')).data.totalDocs).toBe(0);
    expect(json(await call('GET', `/courses/user/${ana.userId}`, ben)).data.totalDocs).toBe(0);
    expect(json(await call('GET', `/courses/user/${ana.userId}`, ana)).data.totalDocs).toBe(1);

    const order = [videos[2]!, videos[0]!, videos[1]!];
    const set = await call('PUT', `/courses/${draft._id}/lessons`, ana, { videoIds: order });
    expect(set.statusCode).toBe(200);
    const withLessons = json(set).data as CourseAnswer;
    expect(withLessons.lessons!.map((l) => [l.position, l.video.title])).toEqual([
      [1, 'Percentages'],
      [2, 'Fractions'],
      [3, 'Decimals'],
    ]);
    expect(withLessons.lessons![0]!.video.renditions.length).toBeGreaterThan(0);
    expect(withLessons.lessonsCount).toBe(3);

    expect((await call('PATCH', `/courses/${draft._id}`, ana, { published: true })).statusCode).toBe(200);
    const listed = json(await call('GET', '/courses')).data;
    expect(listed).toMatchObject({ totalDocs: 1, page: 1 });
    expect(listed.docs[0]).toMatchObject({ _id: draft._id, published: true, lessonsCount: 3 });
    expect(listed.docs[0].enrolled).toBeUndefined();
    const seen = json(await call('GET', `/courses/${draft._id}`, ben)).data as CourseAnswer;
    expect(seen.lessons!.map((l) => l.video._id)).toEqual(order);
    expect(seen.enrolled).toBe(false);
  });

  it('lists published courses newest first, page by page, with their totals', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await course([videos[i % 3]!], { title: `Course ${i}` }));
    await course([videos[0]!], { publish: false, title: 'Draft' });
    const first = json(await call('GET', '/courses?limit=2')).data;
    expect(first).toMatchObject({ totalDocs: 5, totalPages: 3, hasNextPage: true });
    expect(first.docs.map((c: CourseAnswer) => c.title)).toEqual(['Course 5', 'Course 4']);
    const last = json(await call('GET', '/courses?limit=2&page=3')).data;
    expect(last.docs.map((c: CourseAnswer) => c.title)).toEqual(['Course 1']);
    expect(last.hasNextPage).toBe(false);
    const mine = json(await call('GET', `/courses/user/${ana.userId}?limit=10`, ana)).data;
    expect(mine.totalDocs).toBe(6);
    // The published total is kept (migration 0018): it follows unpublishing, publishing and deleting.
    await call('PATCH', `/courses/${ids[0]}`, ana, { published: false });
    await call('DELETE', `/courses/${ids[1]}`, ana);
    await call('PATCH', `/courses/${ids[2]}`, ana, { published: true });
    const now = json(await call('GET', '/courses?limit=1')).data;
    expect(now).toMatchObject({ totalDocs: 3, totalPages: 3 });
    expect(json(await call('GET', '/courses?limit=1&page=4')).data).toMatchObject({ totalDocs: 3, docs: [] });
    expect((await call('GET', '/courses/user/no-such-user')).statusCode).toBe(404);
  });

  it('adds up the lessons and follows a deleted video out of every course, keeping the videos when a course goes', async () => {
    const first = await course([videos[0]!, videos[1]!]);
    const second = await course([videos[1]!, videos[2]!]);
    const before = json(await call('GET', `/courses/${first}`)).data as CourseAnswer;
    expect(before.lessonsCount).toBe(2);
    expect(before.totalDuration).toBeGreaterThan(0);

    expect((await call('DELETE', `/videos/${videos[1]}`, ana)).statusCode).toBe(200);
    const after = json(await call('GET', `/courses/${first}`)).data as CourseAnswer;
    expect(after.lessons!.map((l) => [l.position, l.video._id])).toEqual([[1, videos[0]]]);
    expect(after.lessonsCount).toBe(1);
    const other = json(await call('GET', `/courses/${second}`)).data as CourseAnswer;
    expect(other.lessons!.map((l) => l.video._id)).toEqual([videos[2]]);

    expect((await call('DELETE', `/courses/${first}`, ben)).statusCode).toBe(403);
    expect((await call('DELETE', `/courses/${first}`, ana)).statusCode).toBe(200);
    expect((await call('GET', `/courses/${first}`)).statusCode).toBe(404);
    expect((await call('GET', `/videos/v/${videos[0]}`)).statusCode).toBe(200);
  });

  it("keeps each course's lesson count and total duration on every list, following deleted videos and changed durations", async () => {
    const db = server.database.db.kysely;
    const durations = new Map<string, number>();
    for (const id of videos) {
      const row = await db
        .selectFrom('videos')
        .select('duration')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      durations.set(id, Number(row.duration));
    }
    const sum = (ids: string[]) => ids.reduce((total, id) => total + durations.get(id)!, 0);
    // Durations are single-precision on PostgreSQL (\`real\`), as the videos' own are.
    const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
    const first = await course([videos[0]!, videos[1]!, videos[2]!], { title: 'All three' });
    const second = await course([videos[1]!], { title: 'Just one' });
    const draft = await course([videos[1]!, videos[2]!], { publish: false, title: 'Draft' });
    await call('POST', `/courses/${first}/enrol`, ben, { enrolled: true });

    /** Every answer that shows the course, as [lessonsCount, totalDuration]. */
    const seen = async (id: string, who: SignedIn) => {
      const lists = [
        ...(json(await call('GET', '/courses?limit=50', who)).data.docs as CourseAnswer[]),
        ...(json(await call('GET', `/courses/user/${ana.userId}`, who)).data.docs as CourseAnswer[]),
        ...(json(await call('GET', '/courses/enrolled', who)).data.docs as CourseAnswer[]),
        json(await call('GET', `/courses/${id}`, who)).data as CourseAnswer,
      ];
      return [
        ...new Set(
          lists
            .filter((c) => c._id === id)
            .map((c) => JSON.stringify([c.lessonsCount, round(c.totalDuration)])),
        ),
      ];
    };
    expect(await seen(first, ben)).toEqual([JSON.stringify([3, round(sum(videos))])]);
    expect(await seen(draft, ana)).toEqual([JSON.stringify([2, round(sum([videos[1]!, videos[2]!]))])]);

    // Setting the lessons again recounts them.
    await call('PUT', `/courses/${draft}/lessons`, ana, { videoIds: [videos[2]!] });
    expect(await seen(draft, ana)).toEqual([JSON.stringify([1, round(sum([videos[2]!]))])]);

    // A video's duration changes (as a later probe may): every course holding it follows.
    await db.updateTable('videos').set({ duration: 1000 }).where('id', '=', videos[2]!).execute();
    durations.set(videos[2]!, 1000);
    expect(await seen(first, ben)).toEqual([JSON.stringify([3, round(sum(videos))])]);
    expect(await seen(draft, ana)).toEqual([JSON.stringify([1, 1000])]);

    // A deleted video leaves every course, and the kept numbers follow.
    expect((await call('DELETE', `/videos/${videos[1]}`, ana)).statusCode).toBe(200);
    expect(await seen(first, ben)).toEqual([JSON.stringify([2, round(sum([videos[0]!, videos[2]!]))])]);
    expect(await seen(second, ana)).toEqual([JSON.stringify([0, 0])]);
    expect(await seen(draft, ana)).toEqual([JSON.stringify([1, 1000])]);
    // What the server keeps is what counting the lesson rows answers, for every course.
    const counted = await db
      .selectFrom('courses as c')
      .select((eb) => [
        'c.id',
        'c.lessons_count',
        'c.total_duration',
        eb
          .selectFrom('course_lessons as l')
          .select((n) => n.fn.countAll<number>().as('n'))
          .whereRef('l.course_id', '=', 'c.id')
          .as('n'),
      ])
      .execute();
    for (const row of counted) expect(Number(row.lessons_count), row.id).toBe(Number(row.n));
  });

  it('answers a user with no course an empty page, an unknown user 404, and a page past the end its total', async () => {
    await course([videos[0]!]);
    expect(json(await call('GET', `/courses/user/${ben.userId}`)).data).toMatchObject({
      totalDocs: 0,
      docs: [],
    });
    expect((await call('GET', '/courses/user/nobody', ana)).statusCode).toBe(404);
    expect(json(await call('GET', '/courses?page=3&limit=1', ben)).data).toMatchObject({
      totalDocs: 1,
      docs: [],
      page: 3,
    });
    expect(json(await call('GET', '/courses/enrolled?page=2', ben)).data).toMatchObject({
      totalDocs: 0,
      docs: [],
    });
  });

  it("takes only the owner's own videos, each once, 1 to 200 of them, and only from the owner", async () => {
    const id = await course([], { publish: false });
    const bens = json(await uploadVideo(server.app, ben, { title: 'Not hers' })).data._id as string;
    const foreign = await call('PUT', `/courses/${id}/lessons`, ana, {
      videoIds: [videos[0], bens, 'nothing'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).errors!.map((e: { field: string }) => e.field)).toEqual([
      'videoIds.1',
      'videoIds.2',
    ]);
    const twice = await call('PUT', `/courses/${id}/lessons`, ana, { videoIds: [videos[0], videos[0]] });
    expect(twice.statusCode).toBe(400);
    expect((await call('PUT', `/courses/${id}/lessons`, ana, { videoIds: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => `v${i}`);
    expect((await call('PUT', `/courses/${id}/lessons`, ana, { videoIds: many })).statusCode).toBe(400);
    expect((await call('PUT', `/courses/${id}/lessons`, ben, { videoIds: [bens] })).statusCode).toBe(403);
    expect((await call('PATCH', `/courses/${id}`, ben, { title: 'Mine now' })).statusCode).toBe(403);
    expect(
      (await call('PUT', `/courses/${id}/lessons`, undefined, { videoIds: [videos[0]] })).statusCode,
    ).toBe(401);
    // Nothing was set by any refusal.
    const still = json(await call('GET', `/courses/${id}`, ana)).data as CourseAnswer;
    expect(still.lessons).toEqual([]);
  });

  it('refuses bad course fields with a message at each field', async () => {
    const bad = await call('POST', '/courses', ana, { title: '', language: 'english please', extra: 1 });
    expect(bad.statusCode).toBe(400);
    const empty = await call('POST', '/courses', ana, { title: 'x'.repeat(121), language: 'en' });
    expect(empty.statusCode).toBe(400);
    const id = await course([videos[0]!]);
    expect((await call('PATCH', `/courses/${id}`, ana, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/courses/${id}`, ana, { published: 'yes' })).statusCode).toBe(400);
    const renamed = await call('PATCH', `/courses/${id}`, ana, {
      title: 'Numbers, again',
      language: 'hi-IN',
    });
    expect(json(renamed).data).toMatchObject({ title: 'Numbers, again', language: 'hi-IN', published: true });
  });

  it('enrols and leaves, each safe to repeat, and lists the enrolled courses latest first', async () => {
    const first = await course([videos[0]!], { title: 'First' });
    const second = await course([videos[1]!], { title: 'Second' });
    const draft = await course([videos[2]!], { publish: false });
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/courses/${first}/enrol`, ben, { enrolled: true });
      expect(json(res).data).toEqual({ enrolled: true });
    }
    await call('POST', `/courses/${second}/enrol`, ben, { enrolled: true });
    // Another's draft cannot be joined.
    expect((await call('POST', `/courses/${draft}/enrol`, ben, { enrolled: true })).statusCode).toBe(404);
    expect((await call('POST', `/courses/${first}/enrol`, undefined, { enrolled: true })).statusCode).toBe(
      401,
    );

    const enrolled = json(await call('GET', '/courses/enrolled', ben)).data;
    expect(enrolled.totalDocs).toBe(2);
    expect(enrolled.docs.map((c: CourseAnswer) => [c.title, c.enrolled])).toEqual([
      ['Second', true],
      ['First', true],
    ]);
    const listed = json(await call('GET', '/courses', ben)).data.docs as CourseAnswer[];
    expect(listed.every((c) => c.enrolled === true)).toBe(true);

    for (let i = 0; i < 2; i++) {
      expect(json(await call('POST', `/courses/${first}/enrol`, ben, { enrolled: false })).data).toEqual({
        enrolled: false,
      });
    }
    expect(json(await call('GET', '/courses/enrolled', ben)).data.totalDocs).toBe(1);
    expect((await call('GET', '/courses/enrolled')).statusCode).toBe(401);
  });
});
