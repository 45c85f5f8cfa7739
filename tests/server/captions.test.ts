import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { MediaJournal } from '../../src/server/modules/media/media-journal.ts';
import { MediaLibrary } from '../../src/server/modules/media/media-library.ts';
import { MediaRepository } from '../../src/server/modules/media/media.repository.ts';
import { LocalDiskStorage } from '../../src/server/storage/local-disk.ts';
import {
  createTestDatabase,
  databaseKinds,
  insertOldVideo,
  type TestDatabase,
} from '../helpers/databases.ts';
import {
  apiCall,
  bearer,
  json,
  multipart,
  png,
  registerAndSignIn,
  uploadVideo,
  type FilePart,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

// POST /videos/{videoId}/captions and DELETE /videos/{videoId}/captions/{captionId} (docs/api.md,
// "Captions and chapters"): WebVTT or SRT in, normalized WebVTT stored under a fresh key and served
// as text/vtt, one track per language, the owner's alone; every video answer lists the tracks and
// the chapters of its description.

const file = (name: string, text: string | Buffer, type = 'text/vtt'): FilePart => ({
  filename: name,
  type,
  data: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'),
});
const vtt = (text: string | Buffer, name = 'lesson.vtt') => file(name, text);
const srt = (text: string | Buffer, name = 'lesson.srt') => file(name, text, 'application/x-subrip');

/** `count` cues of one letter each, 10 ms apart, in the shortest form WebVTT allows. */
function tinyCues(count: number): string {
  const at = (ms: number) =>
    `${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
  const cues = Array.from({ length: count }, (_, i) => `${at(i * 10)} --> ${at(i * 10 + 5)}\na\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}

const CHAPTERED = [
  'Fractions, step by step.',
  '',
  '0:00 - Introduction',
  '4:35 Worked example',
  '1:02:03: अभ्यास (practice)',
].join('\n');

describe.each(databaseKinds)('captions on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let videoId: string;

  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    const res = await uploadVideo(server.app, ana, { description: CHAPTERED });
    expect(res.statusCode, res.body).toBe(201);
    videoId = json(res).data._id as string;
  });
  afterEach(async () => {
    await server.close();
  });

  const fileOf = (url: string) => path.join(server.config.mediaDir, url.replace('/media/', ''));
  const storedCaptions = () => {
    const dir = path.join(server.config.mediaDir, 'captions');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const getVideo = async (id = videoId) =>
    json(await apiCall(server.app, 'GET', `/videos/v/${id}`)).data as {
      captions: Array<{ _id: string; language: string; label: string; url: string; bytes: number }>;
      chapters: Array<{ start: number; title: string }>;
    };

  async function addCaptions(
    who: SignedIn | undefined,
    parts: Record<string, string | FilePart | undefined>,
    id = videoId,
  ) {
    const form = await multipart(parts);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/videos/${encodeURIComponent(id)}/captions`,
      headers: { ...(who ? bearer(who) : {}), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res;
  }

  const removeCaptions = (who: SignedIn | undefined, captionId: string, id = videoId) =>
    apiCall(
      server.app,
      'DELETE',
      `/videos/${encodeURIComponent(id)}/captions/${encodeURIComponent(captionId)}`,
      who,
    );

  const served = (url: string) => server.app.inject({ method: 'GET', url });

  it('adds a WebVTT track: 201 { _id, language, label, url, bytes }, the url serving the normalized file as text/vtt', async () => {
    const sent = [
      'WEBVTT - Fractions',
      'Kind: captions',
      'Language: en',
      '',
      'NOTE written by hand',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'intro',
      '00:01.000 --> 00:04.500 align:start line:0',
      '<v Asha>Welcome to <b>fractions</b> &amp; ratios.</v>',
      'A second line',
      '',
      '00:00:04.500 --> 00:00:07.250',
      'Halves &lt;&gt; thirds',
      '',
    ].join('\n');
    const res = await addCaptions(ana, { language: 'en', file: vtt(sent) });
    expect(res.statusCode).toBe(201);
    const track = json(res).data;
    expect(track).toEqual({
      _id: expect.any(String),
      language: 'en',
      label: 'English',
      url: expect.stringMatching(/^\/media\/captions\/[0-9a-f-]{36}\.vtt$/),
      bytes: expect.any(Number),
    });
    expect(Object.keys(track).sort()).toEqual(['_id', 'bytes', 'label', 'language', 'url']);

    const normalized = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:04.500',
      'Welcome to fractions &amp; ratios.',
      'A second line',
      '',
      '00:00:04.500 --> 00:00:07.250',
      'Halves &lt;&gt; thirds',
      '',
      '',
    ].join('\n');
    const media = await served(track.url);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(media.body).toBe(normalized);
    expect(track.bytes).toBe(Buffer.byteLength(normalized));
    expect(fs.readFileSync(fileOf(track.url), 'utf8')).toBe(normalized);

    expect((await getVideo()).captions).toEqual([track]);
  });

  it('stores an SRT file as WebVTT (a BOM, CRLF, tags and {\\an8} codes removed), with the label given', async () => {
    const sent =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>नमस्ते</i>, students\r\n\r\n' +
      '2\r\n00:00:02,500 --> 00:01:03,040 X1:10 X2:20 Y1:5 Y2:9\r\n{\\an8}<font color="red">Half</font> of 4 is 2\r\n';
    const res = await addCaptions(ana, { language: 'hi', label: ' Hindi\n (school) ', file: srt(sent) });
    expect(res.statusCode, res.body).toBe(201);
    const track = json(res).data;
    expect(track).toMatchObject({ language: 'hi', label: 'Hindi (school)' });
    expect(track.url).toMatch(/\.vtt$/);
    const media = await served(track.url);
    expect(media.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(media.body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nनमस्ते, students\n\n00:00:02.500 --> 00:01:03.040\nHalf of 4 is 2\n\n',
    );
  });

  it('keeps one track per language: another upload replaces it under a new key, and the old bytes are gone', async () => {
    const first = json(
      await addCaptions(ana, { language: 'en', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nOld words\n') }),
    ).data;
    const hindi = json(
      await addCaptions(ana, { language: 'hi', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nशब्द\n') }),
    ).data;
    expect(hindi.label).toBe('हिन्दी');
    // The same language however it is written: `EN` is `en`.
    const second = await addCaptions(ana, {
      language: 'EN',
      label: 'English (new)',
      file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nNew words\n'),
    });
    expect(second.statusCode).toBe(201);
    const replaced = json(second).data;
    expect(replaced.language).toBe('en');
    expect(replaced._id).not.toBe(first._id);
    expect(replaced.url).not.toBe(first.url);

    expect((await served(first.url)).statusCode).toBe(404);
    expect(fs.existsSync(fileOf(first.url))).toBe(false);
    expect((await served(replaced.url)).body).toContain('New words');
    expect(storedCaptions()).toHaveLength(2);

    // Sorted by language tag; `en-IN` is another language, between `en` and `hi`.
    const india = json(
      await addCaptions(ana, {
        language: 'en-in',
        file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nIndian English\n'),
      }),
    ).data;
    expect(india.language).toBe('en-IN');
    const { captions } = await getVideo();
    expect(captions.map((c) => [c.language, c.label])).toEqual([
      ['en', 'English (new)'],
      ['en-IN', india.label],
      ['hi', 'हिन्दी'],
    ]);
    expect(captions.map((c) => c._id)).toEqual([replaced._id, india._id, hindi._id]);

    // Nothing was left half-written: every journal entry ended, and the sweep keeps every track.
    const writes = await server.database.db.kysely.selectFrom('media_writes').select('key').execute();
    expect(writes).toEqual([]);
    const library = new MediaLibrary(
      new LocalDiskStorage(server.config.mediaDir),
      new MediaRepository(server.database.db.kysely),
    );
    const { deleted } = await library.sweep(0, new Date(Date.now() + 60_000));
    expect(deleted).toEqual([]);
    expect(storedCaptions()).toHaveLength(3);
  });

  it('answers a repeated upload with the same Idempotency-Key once, and refuses a NUL or an over-long id', async () => {
    const form = await multipart({ language: 'en', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nOnce\n') });
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: `/api/v1/videos/${videoId}/captions`,
        headers: { ...bearer(ana), ...form.headers, 'idempotency-key': 'captions-once-1' },
        payload: form.payload,
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again).data).toEqual(json(first).data);
    expect(storedCaptions()).toHaveLength(1);

    const nul = await apiCall(server.app, 'DELETE', '/videos/abc%00def/captions/x', ana);
    expect(nul.statusCode, nul.body).toBe(400);
    expect(json(nul).errors?.[0]).toMatchObject({ field: 'videoId' });
    // An id longer than any this server makes is refused as other routes refuse it (414).
    const long = await apiCall(server.app, 'DELETE', `/videos/${videoId}/captions/${'a'.repeat(300)}`, ana);
    expect(long.statusCode, long.body).toBe(414);
  });

  it('removes a track: 200 with null, its bytes gone, and a second remove is 404', async () => {
    const track = json(
      await addCaptions(ana, { language: 'en', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nWords\n') }),
    ).data;
    const res = await removeCaptions(ana, track._id);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, data: null });
    expect((await served(track.url)).statusCode).toBe(404);
    expect(fs.existsSync(fileOf(track.url))).toBe(false);
    expect((await getVideo()).captions).toEqual([]);
    const again = await removeCaptions(ana, track._id);
    expect(again.statusCode).toBe(404);
    expect(json(again)).toMatchObject({ success: false, data: null });
  });

  it("is the owner's alone (401 signed out, 403 another user), 404 for an unknown video or track", async () => {
    const good = () => vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nWords\n');
    expect((await addCaptions(undefined, { language: 'en', file: good() })).statusCode).toBe(401);
    const byBen = await addCaptions(ben, { language: 'en', file: good() });
    expect(byBen.statusCode).toBe(403);
    expect(json(byBen).message).toBe('Only the owner of this video may change or delete it');
    expect((await addCaptions(ana, { language: 'en', file: good() }, 'no-such-video')).statusCode).toBe(404);
    expect(storedCaptions()).toEqual([]);

    const track = json(await addCaptions(ana, { language: 'en', file: good() })).data;
    expect((await removeCaptions(undefined, track._id)).statusCode).toBe(401);
    expect((await removeCaptions(ben, track._id)).statusCode).toBe(403);
    expect((await removeCaptions(ana, track._id, 'no-such-video')).statusCode).toBe(404);
    expect((await removeCaptions(ana, 'no-such-track')).statusCode).toBe(404);
    // A track of another video is no track of this one.
    const other = json(await uploadVideo(server.app, ana, { title: 'Another' })).data._id as string;
    expect((await removeCaptions(ana, track._id, other)).statusCode).toBe(404);
    expect((await getVideo()).captions).toEqual([track]);
    expect(fs.existsSync(fileOf(track.url))).toBe(true);
  });

  it('every video answer carries the tracks and the chapters of the description: one video and every list', async () => {
    const track = json(
      await addCaptions(ana, { language: 'hi', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nशब्द\n') }),
    ).data;
    const chapters = [
      { start: 0, title: 'Introduction' },
      { start: 275, title: 'Worked example' },
      { start: 3723, title: 'अभ्यास (practice)' },
    ];
    const one = await getVideo();
    expect(one.captions).toEqual([track]);
    expect(one.chapters).toEqual(chapters);

    const plain = json(
      await uploadVideo(server.app, ana, { title: 'Plain', description: '0:00 only one time' }),
    ).data;
    expect(plain).toMatchObject({ captions: [], chapters: [] });

    type Doc = { _id: string; captions: unknown[]; chapters: unknown[] };
    for (const url of ['/videos', `/videos/${ana.userId}`, '/videos?q=fractions', '/videos?page=2&limit=1']) {
      const docs = json(await apiCall(server.app, 'GET', url)).data.docs as Doc[];
      const mine = docs.find((d) => d._id === videoId);
      if (url.includes('page=2')) {
        expect(docs).toHaveLength(1);
        expect(docs[0]).toMatchObject({ _id: videoId, captions: [track], chapters });
        continue;
      }
      expect(mine, url).toMatchObject({ captions: [track], chapters });
    }
    // A course's lessons are video answers too.
    const course = json(
      await apiCall(server.app, 'POST', '/courses', ana, { title: 'Numbers', language: 'en' }),
    ).data;
    await apiCall(server.app, 'PUT', `/courses/${course._id}/lessons`, ana, { videoIds: [videoId] });
    const detail = json(await apiCall(server.app, 'GET', `/courses/${course._id}`, ana)).data;
    expect(detail.lessons[0].video).toMatchObject({ captions: [track], chapters });

    // A new description, new chapters.
    await apiCall(server.app, 'PATCH', `/videos/${videoId}`, ana, { description: '0:00 Start\n0:30 End' });
    expect((await getVideo()).chapters).toEqual([
      { start: 0, title: 'Start' },
      { start: 30, title: 'End' },
    ]);
  });

  it("deleting the video deletes its tracks' bytes, leaving no journal entry", async () => {
    const en = json(
      await addCaptions(ana, { language: 'en', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nWords\n') }),
    ).data;
    const hi = json(
      await addCaptions(ana, { language: 'hi', file: srt('1\n00:00:01,000 --> 00:00:02,000\nशब्द\n') }),
    ).data;
    expect(storedCaptions()).toHaveLength(2);
    expect((await apiCall(server.app, 'DELETE', `/videos/${videoId}`, ana)).statusCode).toBe(200);
    expect(fs.existsSync(fileOf(en.url))).toBe(false);
    expect(fs.existsSync(fileOf(hi.url))).toBe(false);
    expect(storedCaptions()).toEqual([]);
    expect((await served(en.url)).statusCode).toBe(404);
    const rows = await server.database.db.kysely.selectFrom('video_captions').select('id').execute();
    expect(rows).toEqual([]);
    const writes = await server.database.db.kysely.selectFrom('media_writes').select('key').execute();
    expect(writes).toEqual([]);
  });

  it('a crash after the rows change and before the files go leaves journal entries that the next start acts on', async () => {
    const en = json(
      await addCaptions(ana, { language: 'en', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nOld\n') }),
    ).data;
    const nextStart = () =>
      new MediaLibrary(
        new LocalDiskStorage(server.config.mediaDir),
        new MediaRepository(server.database.db.kysely),
        undefined,
        new MediaJournal(server.database.db.kysely, server.config.instanceId, 60_000),
      ).recover({ ownPreviousLife: true });
    // The process "dies" right after each commit: nothing is released.
    const release = vi.spyOn(MediaLibrary.prototype, 'release').mockResolvedValue();
    try {
      const replaced = json(
        await addCaptions(ana, { language: 'en', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nNew\n') }),
      ).data;
      expect(fs.existsSync(fileOf(en.url))).toBe(true);
      expect(await nextStart()).toEqual([en.url.replace('/media/', '')]);
      expect(fs.existsSync(fileOf(en.url))).toBe(false);
      expect(fs.existsSync(fileOf(replaced.url))).toBe(true);

      const hi = json(
        await addCaptions(ana, { language: 'hi', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nशब्द\n') }),
      ).data;
      expect((await removeCaptions(ana, hi._id)).statusCode).toBe(200);
      expect(await nextStart()).toEqual([hi.url.replace('/media/', '')]);

      expect((await apiCall(server.app, 'DELETE', `/videos/${videoId}`, ana)).statusCode).toBe(200);
      expect(storedCaptions()).toHaveLength(1);
      const removed = await nextStart();
      expect(removed).toContain(replaced.url.replace('/media/', ''));
      expect(removed).toHaveLength(3); // the track, the video's file and its thumbnail
      expect(storedCaptions()).toEqual([]);
    } finally {
      release.mockRestore();
    }
  });

  it('refuses what is not a caption file, naming the problem, and stores nothing', async () => {
    const picture = (await png(32, 32)).data;
    const refusals: Array<[string, Record<string, string | FilePart>, number, string, RegExp]> = [
      [
        'PNG bytes as .vtt',
        { language: 'en', file: vtt(picture.toString('latin1')) },
        400,
        'The caption file is not a text file',
        /not a text file/,
      ],
      [
        'PNG bytes as .srt',
        { language: 'en', file: file('a.srt', picture, 'image/png') },
        400,
        'The caption file is not a text file',
        /not a text file/,
      ],
      // Latin-1 bytes (é as 0xE9) are not UTF-8.
      [
        'Latin-1 text, not UTF-8',
        { language: 'en', file: srt(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\ncaf\u00e9\n', 'latin1')) },
        400,
        'The caption file is not a text file',
        /not a text file/,
      ],
      [
        'NUL in text',
        { language: 'en', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\u0000b\n') },
        400,
        'The caption file is not a text file',
        /not a text file/,
      ],
      [
        'an HTML page as .vtt',
        {
          language: 'en',
          file: vtt('<!doctype html>\n<html><body><h1>Captions</h1></body></html>\n', 'page.vtt'),
        },
        400,
        'The caption file is not a WebVTT or SRT file',
        /^Line 1: a WebVTT file begins with the word WEBVTT$/,
      ],
      // A comment's `-->` on its second line looks like a time line, and is named as a bad one.
      [
        'an HTML page as .srt',
        { language: 'en', file: srt('<!doctype html>\n<html><body><!-- a --> x</body></html>\n') },
        400,
        '',
        /^Line 2: expected a cue number and a time line/,
      ],
      [
        'an HTML page as .html',
        { language: 'en', file: file('page.html', '<html><body>hello</body></html>', 'text/html') },
        400,
        'The caption file is not a WebVTT or SRT file',
        /^Line 1: /,
      ],
      [
        'WEBVTT and nothing else',
        { language: 'en', file: vtt('WEBVTT\n') },
        400,
        'The caption file is not a WebVTT or SRT file',
        /no captions/,
      ],
      [
        'no file',
        { language: 'en' },
        400,
        'Some fields are not valid',
        /A caption file \(\.vtt or \.srt\) is required/,
      ],
      ['an empty file', { language: 'en', file: vtt('') }, 400, 'Some fields are not valid', /required/],
    ];
    for (const [what, parts, status, message, error] of refusals) {
      const res = await addCaptions(ana, parts);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      const body = json(res);
      expect(body, what).toMatchObject({ success: false, data: null, statusCode: status });
      if (message) expect(body.message, what).toBe(message);
      expect(body.errors?.[0], what).toMatchObject({ field: 'file' });
      expect(String(body.errors?.[0]?.message), what).toMatch(error);
    }
    const fields: Array<[Record<string, string | FilePart>, string]> = [
      [{ file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\n') }, 'language'],
      [{ language: 'english please', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\n') }, 'language'],
      [{ language: 'en-a1', file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\n') }, 'language'],
      [
        { language: 'en', label: 'x'.repeat(61), file: vtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\n') },
        'label',
      ],
    ];
    for (const [parts, field] of fields) {
      const res = await addCaptions(ana, parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).errors?.map((e) => e.field)).toContain(field);
    }
    // Not a form at all.
    expect(
      (await apiCall(server.app, 'POST', `/videos/${videoId}/captions`, ana, { language: 'en' })).statusCode,
    ).toBe(415);
    expect(storedCaptions()).toEqual([]);
    expect((await getVideo()).captions).toEqual([]);
  });

  it('refuses a file over 512 KB with 413 naming the limit, and 50,000 cues, which cannot fit in it', async () => {
    const big = `WEBVTT\n\n00:01.000 --> 00:02.000\n${'a'.repeat(600 * 1024)}\n`;
    const res = await addCaptions(ana, { language: 'en', file: vtt(big) });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('Caption file is larger than 0.5 MB');
    expect(json(res).errors).toEqual([{ field: 'file', message: 'must be at most 0.5 MB' }]);

    const fifty = tinyCues(50_000);
    expect(Buffer.byteLength(fifty)).toBeGreaterThan(512 * 1024);
    expect((await addCaptions(ana, { language: 'en', file: vtt(fifty) })).statusCode).toBe(413);
    expect(storedCaptions()).toEqual([]);
  });

  it('takes 10,000 cues and refuses 10,001 (under the size limit) with 400 naming the limit', async () => {
    const over = tinyCues(10_001);
    expect(Buffer.byteLength(over)).toBeLessThan(512 * 1024);
    const res = await addCaptions(ana, { language: 'en', file: vtt(over) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The caption file has too many cues');
    expect(json(res).errors).toEqual([
      { field: 'file', message: 'A caption file may hold at most 10,000 cues' },
    ]);
    const fine = await addCaptions(ana, { language: 'en', file: vtt(tinyCues(10_000)) });
    expect(fine.statusCode).toBe(201);
    const text = (await served(json(fine).data.url)).body;
    expect(text.match(/ --> /g)).toHaveLength(10_000);
  });

  it('stores cue text as escaped plain text: a <script> is never a tag', async () => {
    const sent = [
      'WEBVTT',
      '',
      '00:01.000 --> 00:02.000',
      '<script>alert(1)</script>',
      '',
      '00:02.000 --> 00:03.000',
      '&lt;script&gt;alert(2)&lt;/script&gt; <img src=x onerror=alert(3)>',
      '',
    ].join('\n');
    const res = await addCaptions(ana, { language: 'en', file: vtt(sent) });
    expect(res.statusCode, res.body).toBe(201);
    const text = (await served(json(res).data.url)).body;
    expect(text).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nalert(1)\n\n00:00:02.000 --> 00:00:03.000\n&lt;script&gt;alert(2)&lt;/script&gt;\n\n',
    );
    expect(text).not.toMatch(/<[a-z/]/i);
    // The same from an SRT, where tags are not part of the format at all.
    const fromSrt = await addCaptions(ana, {
      language: 'hi',
      file: srt('1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script> & 1 < 2\n'),
    });
    expect((await served(json(fromSrt).data.url)).body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nalert(1) &amp; 1 &lt; 2\n\n',
    );
  });

  it('refuses times that go backwards, and a cue that ends before it starts, naming the line', async () => {
    const backwards = [
      'WEBVTT',
      '',
      '00:05.000 --> 00:06.000',
      'Five',
      '',
      '00:02.000 --> 00:03.000',
      'Two',
      '',
    ].join('\n');
    const res = await addCaptions(ana, { language: 'en', file: vtt(backwards) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The caption file has mistakes: fix the lines named and send it again');
    expect(json(res).errors).toEqual([
      {
        field: 'file',
        message:
          'Line 6: the cue starts at 00:00:02.000, before the cue above it (00:00:05.000): times must not go backwards',
      },
    ]);

    const inverted = srt('1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:09,000 --> 00:00:04,000\nTwo\n');
    const res2 = await addCaptions(ana, { language: 'en', file: inverted });
    expect(res2.statusCode).toBe(400);
    expect(json(res2).errors).toEqual([
      { field: 'file', message: 'Line 6: the cue ends (00:00:04.000) before it starts (00:00:09.000)' },
    ]);

    const garbled = vtt('WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\n00:03 --> 00:04\nTwo\n');
    const res3 = await addCaptions(ana, { language: 'en', file: garbled });
    expect(res3.statusCode).toBe(400);
    expect(json(res3).errors?.[0].message).toMatch(/^Line 6: expected a cue time line/);
    expect(storedCaptions()).toEqual([]);
  });
});

describe.each(databaseKinds)('migration 0019 on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('gives the videos already there an empty list of tracks, and steps back down', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await migrateTo(database.db, '0018-course-lesson-summary');
    await insertOldVideo(database.db);
    const db = database.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await migrateToLatest(database.db);
    const row = await sql<{
      caption_summary: string;
    }>`select caption_summary from videos where id = 'v1'`.execute(db);
    expect(row.rows).toEqual([{ caption_summary: '[]' }]);
    await migrateTo(database.db, '0018-course-lesson-summary');
    await migrateToLatest(database.db);
  });
});
