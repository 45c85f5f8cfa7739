import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import { bearer, json, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

describe.each(databaseKinds)('Search videos on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    const videos: Array<[string, string, string]> = [
      ['fractions', 'Fractions for beginners', 'Halves and quarters.'],
      ['plants', 'Plants and light', 'Leaves, light and a little about fractions of sunlight.'],
      ['hindi', 'गणित की किताब', 'भिन्न और दशमलव, सरल भाषा में।'],
      ['percent', 'Discounts: 100% explained', 'What 50_off means at the shop.'],
      ['ai', 'AI in class', 'A short talk.'],
    ];
    for (const [key, title, description] of videos) {
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
    return { status: res.statusCode, data: json(res).data };
  };
  const titles = async (q: string) =>
    (await search(q)).data.docs.map((v: { _id: string }) => Object.keys(ids).find((k) => ids[k] === v._id));

  it('finds a word in titles and descriptions, any case, part of a word, title matches first', async () => {
    expect(await titles('fractions')).toEqual(['fractions', 'plants']);
    expect(await titles('FRACT')).toEqual(['fractions', 'plants']);
    const { data } = await search('fractions');
    expect(data).toMatchObject({ page: 1, limit: 20, totalDocs: 2, totalPages: 1, hasNextPage: false });
    expect(data.docs[0]).toMatchObject({ title: 'Fractions for beginners', owner: { username: 'ana' } });
  });

  it('needs every word, and finds Hindi', async () => {
    expect(await titles('plants light')).toEqual(['plants']);
    expect(await titles('light fractions')).toEqual(['plants']);
    expect(await titles('किताब')).toEqual(['hindi']);
    expect(await titles('दशमलव')).toEqual(['hindi']);
    expect(await titles('गणित किताब')).toEqual(['hindi']);
    expect(await titles('किताब nothing')).toEqual([]);
  });

  it('takes short words and reads % and _ as themselves', async () => {
    // A word is found inside other words too: "ai" is in "explained".
    expect(await titles('ai')).toEqual(['ai', 'percent']);
    expect(await titles('100%')).toEqual(['percent']);
    expect(await titles('50_off')).toEqual(['percent']);
    expect(await titles('5%')).toEqual([]);
  });

  it('pages like every list; an empty q is the plain list; a q over 200 characters is a 400', async () => {
    const second = await search('fractions', '&limit=1&page=2');
    expect(second.data).toMatchObject({ page: 2, limit: 1, totalDocs: 2, totalPages: 2, hasNextPage: false });
    expect(second.data.docs[0]._id).toBe(ids.plants);
    expect((await search('   ')).data.totalDocs).toBe(5);
    const tooLong = await search('x'.repeat(201));
    expect(tooLong.status).toBe(400);
  });

  it('lists at most the 1,000 newest matches, best first among them', async () => {
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      id: `bulk-${i}`,
      owner_id: ana.userId,
      title: i === 3 ? 'Bulk lesson on algebra' : `Bulk lesson ${i}`,
      description: 'algebra',
      video_file: 'videos/none.mp4',
      thumbnail: 'images/none.webp',
      duration: 1,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await server.database.db.kysely
        .insertInto('videos')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const { data } = await search('bulk algebra', '&limit=5');
    expect(data.totalDocs).toBe(1000);
    expect(data.totalPages).toBe(200);
    // The oldest five fell outside the newest 1,000, the one with both words in its title with them.
    expect(data.docs.map((v: { _id: string }) => v._id)).toEqual([
      'bulk-1004',
      'bulk-1003',
      'bulk-1002',
      'bulk-1001',
      'bulk-1000',
    ]);
    const last = await search('bulk algebra', '&limit=5&page=200');
    expect(last.data.docs.map((v: { _id: string }) => v._id)).toEqual([
      'bulk-9',
      'bulk-8',
      'bulk-7',
      'bulk-6',
      'bulk-5',
    ]);
    const past = await search('bulk algebra', '&limit=5&page=201');
    expect(past.data).toMatchObject({ totalDocs: 1000, docs: [] });
    // Within the cap, a title with more of the words comes first.
    await server.database.db.kysely
      .updateTable('videos')
      .set({ title: 'Bulk algebra, the best match' })
      .where('id', '=', 'bulk-500')
      .execute();
    expect((await search('bulk algebra', '&limit=1')).data.docs[0]._id).toBe('bulk-500');
    await server.database.db.kysely.deleteFrom('videos').where('id', 'like', 'bulk-%').execute();
  });

  it('follows edits and deletes', async () => {
    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${ids.ai}`,
      headers: bearer(ana),
      payload: { title: 'Robots in class' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await titles('robots')).toEqual(['ai']);
    expect(await titles('ai')).toEqual(['percent']);
    await server.app.inject({ method: 'DELETE', url: `/api/v1/videos/${ids.percent}`, headers: bearer(ana) });
    expect(await titles('100%')).toEqual([]);
  });
});
