import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { apiCall, json, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// "Search courses" (docs/api.md, "Courses"): `GET /courses?q=` by the rules of video search
// (words and word beginnings, title above description, every word, Hindi, one typo forgiven),
// published courses only, on both databases.
describe.each(databaseKinds)('Search courses on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let lesson: string;
  const ids: Record<string, string> = {};
  const keyOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id) ?? id;

  const call = (...args: Parameters<typeof apiCall> extends [unknown, ...infer R] ? R : never) =>
    apiCall(server.app, ...args);

  /** Ana's course, published unless told otherwise; newer with each call. */
  async function course(key: string, title: string, description: string, { publish = true } = {}) {
    const created = await call('POST', '/courses', ana, { title, description, language: 'en' });
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).data._id as string;
    expect((await call('PUT', `/courses/${id}/lessons`, ana, { videoIds: [lesson] })).statusCode).toBe(200);
    if (publish)
      expect((await call('PATCH', `/courses/${id}`, ana, { published: true })).statusCode).toBe(200);
    ids[key] = id;
  }

  beforeAll(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    lesson = json(await uploadVideo(server.app, ana, { title: 'A lesson' })).data._id as string;
    await course('fractions', 'Fractions for beginners', 'Halves and quarters, worked slowly.');
    await course('plants', 'Plants and light', 'Leaves, light and a little about fractions of sunlight.');
    await course('hindi', 'गणित की किताब', 'भिन्न और दशमलव, सरल भाषा में।');
    await course('draft', 'Fractions, the secret draft', 'Not ready.', { publish: false });
    await course('water-desc', 'Weekly class notes', 'Today: the water cycle and rain.');
    await course('water-title', 'The water cycle', 'How rain forms.');
  });
  afterAll(async () => {
    await server.close();
  });

  const search = async (q: string, who?: SignedIn, extra = '') => {
    const res = await call('GET', `/courses?q=${encodeURIComponent(q)}${extra}`, who);
    return { status: res.statusCode, body: json(res), data: json(res).data };
  };
  const found = async (q: string, who?: SignedIn) =>
    (await search(q, who)).data.docs.map((c: { _id: string }) => keyOf(c._id));

  it('matches whole words and word beginnings, never letters inside a word', async () => {
    // "or" is inside "for" and "worked", and begins no word.
    expect(await found('or')).toEqual([]);
    expect(await found('fract')).toEqual(['fractions', 'plants']);
    expect(await found('FRACTIONS')).toEqual(['fractions', 'plants']);
    expect(await found('actions')).toEqual([]);
    expect(await found('work')).toEqual(['fractions']);
    expect(await found('plants light')).toEqual(['plants']);
    expect(await found('fractions shop')).toEqual([]);
    const { data } = await search('fractions', ana);
    expect(data).toMatchObject({ page: 1, limit: 20, totalDocs: 2, totalPages: 1, hasNextPage: false });
    // Each match is a course as every course answer has it, with the viewer's own fields.
    expect(data.docs[0]).toMatchObject({
      title: 'Fractions for beginners',
      owner: { username: 'ana' },
      published: true,
      lessonsCount: 1,
      enrolled: false,
    });
    expect(data.suggestion).toBeUndefined();
  });

  it('finds Hindi words whole and by their beginnings, never by their ends', async () => {
    expect(await found('किताब')).toEqual(['hindi']);
    expect(await found('दशमलव')).toEqual(['hindi']);
    expect(await found('कि')).toEqual(['hindi']);
    expect(await found('ताब')).toEqual([]);
  });

  it('ranks a title match above a description match, and pages like every list', async () => {
    expect(await found('water cycle')).toEqual(['water-title', 'water-desc']);
    expect(await found('rain')).toEqual(['water-title', 'water-desc']);
    const second = await search('water', undefined, '&limit=1&page=2');
    expect(second.data).toMatchObject({ page: 2, limit: 1, totalDocs: 2, totalPages: 2 });
    expect(second.data.docs.map((c: { _id: string }) => keyOf(c._id))).toEqual(['water-desc']);
    // A blank q is the plain list, newest first.
    const all = await search('   ');
    expect(all.data.totalDocs).toBe(5);
    expect(all.data.docs[0]._id).toBe(ids['water-title']);
  });

  it('forgives one typo in a word of five letters or more, saying what it searched for', async () => {
    const typo = await search('fractoins');
    expect(typo.data.suggestion).toBe('fractions');
    expect(typo.data.docs.map((c: { _id: string }) => keyOf(c._id))).toEqual(['fractions', 'plants']);
    const both = await search('Plants ligth');
    expect(both.data.suggestion).toBe('plants light');
    expect(both.data.docs.map((c: { _id: string }) => keyOf(c._id))).toEqual(['plants']);
    expect((await search('किताभ')).data.suggestion).toBe('किताब');
    // Too short to guess, or two typos: nothing, and no suggestion.
    expect((await search('ligt')).data).toMatchObject({ totalDocs: 0, docs: [] });
    expect((await search('ligt')).data.suggestion).toBeUndefined();
    expect((await search('fratcoins')).data.suggestion).toBeUndefined();
  });

  it('answers published courses only: a draft is found by no one, and unpublishing removes a course', async () => {
    expect(await found('secret')).toEqual([]);
    expect(await found('secret', ana)).toEqual([]);
    expect(await found('fractions', ana)).toEqual(['fractions', 'plants']);

    expect((await call('PATCH', `/courses/${ids.plants}`, ana, { published: false })).statusCode).toBe(200);
    expect(await found('fractions', ben)).toEqual(['fractions']);
    expect(await found('light')).toEqual([]);
    expect((await call('PATCH', `/courses/${ids.plants}`, ana, { published: true })).statusCode).toBe(200);
    expect(await found('light')).toEqual(['plants']);
  });

  it('follows edits and deletes', async () => {
    await course('robots', 'AI in class', 'A short talk.');
    expect(await found('ai')).toEqual(['robots']);
    expect(
      (await call('PATCH', `/courses/${ids.robots}`, ana, { title: 'Robots in class' })).statusCode,
    ).toBe(200);
    expect(await found('robots')).toEqual(['robots']);
    expect(await found('ai')).toEqual([]);
    expect((await search('robotz')).data.suggestion).toBe('robots');
    expect((await call('DELETE', `/courses/${ids.robots}`, ana)).statusCode).toBe(200);
    expect(await found('robots')).toEqual([]);
    expect((await search('robotz')).data.suggestion).toBeUndefined();
  });

  it('refuses a q over 200 characters with a clear 400, and answers any other text with matches or nothing', async () => {
    const long = await search('x'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.success).toBe(false);
    expect(JSON.stringify(long.body)).toContain('Search at most 200 characters');
    expect((await search('fractions '.repeat(30))).status).toBe(400);
    for (const q of [
      '"',
      'fractions OR plants',
      'NEAR(',
      '*',
      "fractions' OR '1'='1",
      '\\',
      '%',
      '_',
      '\u0000',
    ]) {
      const { status, data } = await search(q);
      expect([200, 400], JSON.stringify(q)).toContain(status);
      if (status === 200) expect(data.totalDocs, JSON.stringify(q)).toBeLessThan(5);
    }
    expect(await found('"fractions"')).toEqual(['fractions', 'plants']);
    expect(await found('!!!')).toEqual([]);
  });
});
