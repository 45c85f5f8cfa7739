import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedWords } from '../../src/server/db/words.ts';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, json, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// "Search videos" (docs/api.md, "Search"): words and word beginnings, ranked over every match,
// a typo forgiven; the same answers on both databases.
describe.each(databaseKinds)('Search videos on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  const ids: Record<string, string> = {};
  const keyOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id) ?? id;
  let minute = 0;

  /** A video row as the server writes it (words included), at a known time: newer with each call. */
  const insert = async (key: string, title: string, description: string, id = `row-${key}`) => {
    minute += 1;
    const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    await server.database.db.kysely
      .insertInto('videos')
      .values({
        id,
        owner_id: ana.userId,
        title,
        description,
        title_words: storedWords(title),
        description_words: storedWords(description),
        video_file: 'videos/none.mp4',
        thumbnail: 'images/none.webp',
        duration: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    ids[key] = id;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    // Through the upload route, so that the words are the server's own writing.
    const uploaded: Array<[string, string, string]> = [
      ['fractions', 'Fractions for beginners', 'Halves and quarters, worked slowly.'],
      ['plants', 'Plants and light', 'Leaves, light and a little about fractions of sunlight.'],
      ['hindi', 'गणित की किताब', 'भिन्न और दशमलव, सरल भाषा में।'],
      ['percent', 'Discounts: 100% explained', 'What 50_off means at the shop.'],
      ['ai', 'AI in class', 'A short talk.'],
    ];
    for (const [key, title, description] of uploaded) {
      ids[key] = json(await uploadVideo(server.app, ana, { title, description })).data._id;
    }
  });
  afterAll(async () => {
    await server.close();
  });

  const search = async (q: string, extra = '') => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/videos?q=${encodeURIComponent(q)}${extra}`,
    });
    return { status: res.statusCode, body: json(res), data: json(res).data };
  };
  const found = async (q: string, extra = '') =>
    (await search(q, extra)).data.docs.map((v: { _id: string }) => keyOf(v._id));

  it('matches whole words and word beginnings, never letters inside a word', async () => {
    // "or" begins no word here; it is inside "for" and "worked".
    expect(await found('or')).toEqual([]);
    expect(await found('fract')).toEqual(['fractions', 'plants']);
    expect(await found('FRACTIONS')).toEqual(['fractions', 'plants']);
    // The end of a word is not its beginning.
    expect(await found('actions')).toEqual([]);
    expect(await found('ractions')).toEqual([]);
    expect(await found('ork')).toEqual([]);
    expect(await found('work')).toEqual(['fractions']);
    // "ai" is a word of one title and inside "explained": only the word counts.
    expect(await found('ai')).toEqual(['ai']);
    const { data } = await search('fractions');
    expect(data).toMatchObject({ page: 1, limit: 20, totalDocs: 2, totalPages: 1, hasNextPage: false });
    expect(data.docs[0]).toMatchObject({ title: 'Fractions for beginners', owner: { username: 'ana' } });
    expect(data.suggestion).toBeUndefined();
  });

  it('splits words at punctuation and symbols, which match nothing themselves', async () => {
    expect(await found('100%')).toEqual(['percent']);
    expect(await found('50_off')).toEqual(['percent']);
    expect(await found('off')).toEqual(['percent']);
    // "5" begins "50".
    expect(await found('5%')).toEqual(['percent']);
    expect(await found('discounts:')).toEqual(['percent']);
  });

  it('finds Hindi words whole and by their beginnings, vowel signs and all', async () => {
    expect(await found('किताब')).toEqual(['hindi']);
    expect(await found('दशमलव')).toEqual(['hindi']);
    expect(await found('गणित किताब')).toEqual(['hindi']);
    // A beginning that ends on a vowel sign.
    expect(await found('कि')).toEqual(['hindi']);
    expect(await found('भिन्न')).toEqual(['hindi']);
    // Letters inside a Hindi word are not a word: "ताब" is the end of "किताब".
    expect(await found('ताब')).toEqual([]);
    expect(await found('किताब nothing')).toEqual([]);
  });

  it('needs every word, in the title or the description', async () => {
    expect(await found('plants light')).toEqual(['plants']);
    expect(await found('light fractions')).toEqual(['plants']);
    expect(await found('fractions halves')).toEqual(['fractions']);
    expect(await found('fractions shop')).toEqual([]);
  });

  it('pages like every list; a blank q is the plain list; a q over 200 characters is a 400', async () => {
    const second = await search('fractions', '&limit=1&page=2');
    expect(second.data).toMatchObject({ page: 2, limit: 1, totalDocs: 2, totalPages: 2, hasNextPage: false });
    expect(second.data.docs[0]._id).toBe(ids.plants);
    const past = await search('fractions', '&limit=1&page=3');
    expect(past.data).toMatchObject({ totalDocs: 2, docs: [] });
    expect((await search('   ')).data.totalDocs).toBe(5);
    expect((await search('x'.repeat(201))).status).toBe(400);
  });

  it('ranks a labelled set: title above description, all words of the title above some, whole words above beginnings, then newest', async () => {
    await insert('r-desc-new', 'Weekly class notes', 'Today: the water cycle and rain.');
    await insert('r-title-old', 'The water cycle', 'How rain forms.');
    await insert('r-one-in-title', 'Water for plants', 'Seeds need a cycle of light.');
    await insert('r-title-new', 'Water cycle, revised', 'Clouds.');
    await insert('r-prefix', 'Watering cycles at home', 'Gardens.');
    // Both words in the title: whole words first (newest first among them), then beginnings only;
    // then one word in the title; then both only in the description.
    expect(await found('water cycle')).toEqual([
      'r-title-new',
      'r-title-old',
      'r-prefix',
      'r-one-in-title',
      'r-desc-new',
    ]);
    // One word: the titles first, newest first, then the description.
    expect(await found('rain')).toEqual(['r-title-old', 'r-desc-new']);
    expect(await found('cycle')).toEqual([
      'r-title-new',
      'r-title-old',
      'r-prefix',
      'r-one-in-title',
      'r-desc-new',
    ]);
  });

  it('ranks every match, however many: no cap on the count or on the best one', async () => {
    const rows = Array.from({ length: 1205 }, (_, i) => {
      const at = new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString();
      const title = i === 0 ? 'Bulk algebra, the best match' : `Bulk lesson ${i}`;
      return {
        id: `bulk-${String(i).padStart(4, '0')}`,
        owner_id: ana.userId,
        title,
        description: 'algebra',
        title_words: storedWords(title),
        description_words: 'algebra',
        video_file: 'videos/none.mp4',
        thumbnail: 'images/none.webp',
        duration: 1,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200) {
      await server.database.db.kysely
        .insertInto('videos')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const { data } = await search('bulk algebra', '&limit=5');
    expect(data.totalDocs).toBe(1205);
    expect(data.totalPages).toBe(241);
    // The oldest of all, with both words in its title, is first; then the newest.
    expect(data.docs.map((v: { _id: string }) => v._id)).toEqual([
      'bulk-0000',
      'bulk-1204',
      'bulk-1203',
      'bulk-1202',
      'bulk-1201',
    ]);
    const last = await search('bulk algebra', '&limit=5&page=241');
    expect(last.data.docs.map((v: { _id: string }) => v._id)).toEqual([
      'bulk-0005',
      'bulk-0004',
      'bulk-0003',
      'bulk-0002',
      'bulk-0001',
    ]);
    await server.database.db.kysely.deleteFrom('videos').where('id', 'like', 'bulk-%').execute();
  });

  it('forgives one typo in a word of five letters or more when nothing matches, saying how it read the query', async () => {
    // A swap, a missing letter, an extra letter, a changed letter.
    for (const [typed, meant] of <Array<[string, string]>>[
      ['fractoins', 'fractions'],
      ['fractons', 'fractions'],
      ['fracttions', 'fractions'],
      ['fractiens', 'fractions'],
    ]) {
      const { data } = await search(typed);
      expect(data.suggestion, typed).toBe(meant);
      expect(data.docs.map((v: { _id: string }) => keyOf(v._id))).toEqual(['fractions', 'plants']);
    }
    // The right words stay as typed; only the unknown one is corrected.
    const both = await search('Plants ligth');
    expect(both.data.suggestion).toBe('plants light');
    expect(both.data.docs.map((v: { _id: string }) => keyOf(v._id))).toEqual(['plants', 'r-one-in-title']);
    // Hindi too: "किताब" (five characters, vowel sign included) with its last letter changed.
    const hindi = await search('किताभ');
    expect(hindi.data.suggestion).toBe('किताब');
    expect(hindi.data.docs.map((v: { _id: string }) => keyOf(v._id))).toEqual(['hindi']);
    // Four letters: too short to guess ("lihgt" is five: it is read as "light").
    expect(await search('ligt')).toMatchObject({ data: { totalDocs: 0, docs: [] } });
    expect((await search('ligt')).data.suggestion).toBeUndefined();
    expect((await search('lihgt')).data.suggestion).toBe('light');
    // Two typos: nothing, and no suggestion.
    const far = await search('fratcoins');
    expect(far.data).toMatchObject({ totalDocs: 0, docs: [] });
    expect(far.data.suggestion).toBeUndefined();
    // When the words match as typed, they are taken as typed.
    expect((await search('plants')).data.suggestion).toBeUndefined();
  });

  it('answers any text in q with 200 or 400, never an error and never the whole list', async () => {
    const all = (await search('')).data.totalDocs;
    const inputs = [
      '"',
      '""',
      '"fractions',
      'fractions OR plants',
      'OR',
      'NEAR(fractions plants)',
      'NEAR(',
      '*',
      'fract*',
      '* OR *',
      'title: fractions',
      ':',
      'fractions & plants',
      '&',
      '!fractions',
      '!',
      '|',
      '-fractions',
      '^fractions',
      "'",
      "fractions' OR '1'='1",
      '\\',
      '%',
      '_',
      'a'.repeat(200),
      'fractions\u0000',
      '\u0000',
      '()',
      '{title}: x',
      'fractions:*',
      "'fractions':*A",
      '<->',
      'AND NOT',
    ];
    for (const q of inputs) {
      const { status, data, body } = await search(q);
      expect([200, 400], JSON.stringify(q)).toContain(status);
      if (status === 400) {
        expect(body.success).toBe(false);
        continue;
      }
      expect(data.totalDocs, JSON.stringify(q)).toBeLessThan(all);
    }
    // Operators are words like any other, or nothing: these find only what their words find.
    expect(await found('fractions OR plants')).toEqual([]);
    expect(await found('"fractions"')).toEqual(['fractions', 'plants']);
    expect(await found('NEAR(fractions')).toEqual([]);
    expect(await found('fractions*')).toEqual(['fractions', 'plants']);
    expect(await found('!!!')).toEqual([]);
    // 1,000 characters, and a raw NUL and lone surrogate bytes on the wire.
    expect((await search('fractions '.repeat(100))).status).toBe(400);
    for (const raw of ['%00', 'fractions%00', '%ED%A0%80', 'fractions%20%ED%B0%80', '%C0%80', '%FF', '%']) {
      const res = await server.app.inject({ method: 'GET', url: `/api/v1/videos?q=${raw}` });
      expect([200, 400], raw).toContain(res.statusCode);
      if (res.statusCode === 200) expect(json(res).data.totalDocs, raw).toBeLessThan(all);
    }
  });

  it('follows edits and deletes, in the matches and in the words a typo is corrected to', async () => {
    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${ids.ai}`,
      headers: bearer(ana),
      payload: { title: 'Robots in class' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await found('robots')).toEqual(['ai']);
    expect(await found('ai')).toEqual([]);
    expect((await search('robotz')).data.suggestion).toBe('robots');
    await server.app.inject({ method: 'DELETE', url: `/api/v1/videos/${ids.percent}`, headers: bearer(ana) });
    expect(await found('100%')).toEqual([]);
    // No video says "discounts" any more, so a typo of it is not corrected to it.
    const gone = await search('discounst');
    expect(gone.data).toMatchObject({ totalDocs: 0, docs: [] });
    expect(gone.data.suggestion).toBeUndefined();
  });
});
