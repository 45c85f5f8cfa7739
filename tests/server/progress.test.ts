import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import {
  apiCall,
  type ApiCall,
  clip,
  json,
  registerAndSignIn,
  uploadVideo,
  type SignedIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/** A video whose container says nothing, so it has the length the form gives (here, minutes). */
const lesson = (app: TestServer['app'], who: SignedIn, title: string, duration = '10:00') =>
  uploadVideo(app, who, {
    title,
    duration,
    videoFile: { filename: 'cut.mp4', type: 'video/mp4', data: clip('mp4').data.subarray(0, 64) },
  }).then((res) => json(res).data._id as string);

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute)).toISOString();

describe.each(databaseKinds)('progress on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  let ben: SignedIn;
  let videos: string[];

  beforeEach(async () => {
    server = await createTestServer(kind);
    ana = await registerAndSignIn(server.app, 'ana');
    ben = await registerAndSignIn(server.app, 'ben');
    videos = [];
    for (const title of ['Fractions', 'Decimals', 'Percentages'])
      videos.push(await lesson(server.app, ana, title));
  });
  afterEach(async () => {
    await server.close();
  });

  const call = (...args: ApiCall) => apiCall(server.app, ...args);
  const put = (videoId: string, body: object, who: SignedIn = ben) =>
    call('PUT', `/progress/${videoId}`, who, body);

  it('keeps the place with the latest device time, whatever order the places arrive in', async () => {
    const later = await put(videos[0]!, { position: 120, completed: false, at: at(5) });
    expect(json(later).data).toEqual({ videoId: videos[0], position: 120, completed: false, at: at(5) });
    // Sent late from a phone that was offline: an older place changes nothing.
    const stale = await put(videos[0]!, { position: 40, completed: false, at: at(2) });
    expect(stale.statusCode).toBe(200);
    expect(json(stale).data).toEqual({ videoId: videos[0], position: 120, completed: false, at: at(5) });
    // The same instant written another way is the same instant: not newer.
    const same = await put(videos[0]!, { position: 60, completed: false, at: at(5).replace('Z', '+00:00') });
    expect(json(same).data.position).toBe(120);
    const newer = await put(videos[0]!, { position: 200.5, completed: false, at: at(6) });
    expect(json(newer).data).toMatchObject({ position: 200.5, at: at(6) });
  });

  it('keeps a place in a video whose length the server could not read, finished only when the player says so', async () => {
    const unknown = await lesson(server.app, ana, 'Silent film', '');
    expect(json(await call('GET', `/videos/v/${unknown}`, ben)).data.duration).toBe(0);
    const middle = await put(unknown, { position: 61.5, completed: false, at: at(1) });
    expect(middle.statusCode).toBe(200);
    expect(json(middle).data).toMatchObject({ position: 61.5, completed: false });
    const end = await put(unknown, { position: 118, completed: true, at: at(2) });
    expect(json(end).data).toMatchObject({ position: 118, completed: true });
    // A known length still bounds the place.
    const past = await put(videos[0]!, { position: 601.5, completed: false, at: at(3) });
    expect(past.statusCode).toBe(400);
  });

  it('settles on the latest of many places sent at once', async () => {
    const minutes = Array.from({ length: 20 }, (_, i) => (i * 7) % 20);
    const answers = await Promise.all(
      minutes.map((m) => put(videos[1]!, { position: m * 10, completed: false, at: at(m) })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [kept] = json(await call('GET', `/progress?videoIds=${videos[1]}`, ben)).data;
    expect(kept).toEqual({ videoId: videos[1], position: 190, completed: false, at: at(19) });
  });

  it('finishes a video near its end, and a finished video stays finished when watched again', async () => {
    // 10 minutes: the last 30 seconds count as the end.
    const nearEnd = await put(videos[0]!, { position: 575, completed: false, at: at(1) });
    expect(json(nearEnd).data.completed).toBe(true);
    const again = await put(videos[0]!, { position: 12, completed: false, at: at(2) });
    expect(json(again).data).toMatchObject({ position: 12, completed: true });
    const notYet = await put(videos[1]!, { position: 560, completed: false, at: at(1) });
    expect(json(notYet).data.completed).toBe(false);
    const told = await put(videos[2]!, { position: 3, completed: true, at: at(1) });
    expect(json(told).data.completed).toBe(true);
  });

  it('takes a device clock that runs ahead as the server time, so it cannot hold the place', async () => {
    const ahead = await put(videos[0]!, { position: 300, completed: false, at: '2099-01-01T00:00:00Z' });
    expect(new Date(json(ahead).data.at).getTime()).toBeLessThanOrEqual(Date.now());
    const now = await put(videos[0]!, {
      position: 310,
      completed: false,
      at: new Date(Date.now() + 1000).toISOString(),
    });
    expect(json(now).data.position).toBe(310);
  });

  it('refuses what is not a place, and keeps each student’s places their own', async () => {
    const refusals: Array<[object, string]> = [
      [{ position: 601.5, completed: false, at: at(1) }, 'position'],
      [{ position: -1, completed: false, at: at(1) }, 'position'],
      [{ position: 'ten', completed: false, at: at(1) }, 'position'],
      [{ position: 1, completed: 'yes', at: at(1) }, 'completed'],
      [{ position: 1, completed: false, at: 'yesterday' }, 'at'],
      [{ position: 1, completed: false }, 'at'],
      [{ position: 1, completed: false, at: at(1), extra: true }, ''],
    ];
    for (const [body, field] of refusals) {
      const res = await put(videos[0]!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(json(res).errors), JSON.stringify(body)).toContain(field);
    }
    expect((await put('no-such-video', { position: 1, completed: false, at: at(1) })).statusCode).toBe(404);
    expect(
      (await call('PUT', `/progress/${videos[0]}`, undefined, { position: 1, completed: false, at: at(1) }))
        .statusCode,
    ).toBe(401);

    await put(videos[0]!, { position: 30, completed: false, at: at(1) }, ana);
    await put(videos[1]!, { position: 40, completed: false, at: at(1) }, ben);
    const mine = json(await call('GET', `/progress?videoIds=${videos.join(',')}`, ben)).data;
    expect(mine).toEqual([{ videoId: videos[1], position: 40, completed: false, at: at(1) }]);
    expect((await call('GET', '/progress?videoIds=', ben)).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => `v${i}`).join(',');
    expect((await call('GET', `/progress?videoIds=${many}`, ben)).statusCode).toBe(400);
    expect((await call('GET', `/progress?videoIds=${videos[0]}`)).statusCode).toBe(401);
  });

  it('says where to continue a course, and lists the latest places with their video and course', async () => {
    const created = json(await call('POST', '/courses', ana, { title: 'Numbers', language: 'en' })).data._id;
    await call('PUT', `/courses/${created}/lessons`, ana, { videoIds: videos });
    await call('PATCH', `/courses/${created}`, ana, { published: true });
    await call('POST', `/courses/${created}/enrol`, ben, { enrolled: true });
    const progressOf = async () => json(await call('GET', `/courses/${created}`, ben)).data.progress;

    expect(await progressOf()).toEqual({ completedLessons: 0, totalLessons: 3, resume: null });
    await put(videos[0]!, { position: 600, completed: true, at: at(1) });
    await put(videos[1]!, { position: 95, completed: false, at: at(2) });
    expect(await progressOf()).toEqual({
      completedLessons: 1,
      totalLessons: 3,
      resume: { videoId: videos[1], position: 95 },
    });
    await put(videos[1]!, { position: 600, completed: true, at: at(3) });
    expect((await progressOf()).resume).toEqual({ videoId: videos[2], position: 0 });
    const listed = json(await call('GET', '/courses/enrolled', ben)).data.docs[0];
    expect(listed.progress).toEqual({
      completedLessons: 2,
      totalLessons: 3,
      resume: { videoId: videos[2], position: 0 },
    });
    await put(videos[2]!, { position: 600, completed: true, at: at(4) });
    expect(await progressOf()).toEqual({ completedLessons: 3, totalLessons: 3, resume: null });
    // Signed out, a course says nothing of anyone's progress.
    expect(json(await call('GET', `/courses/${created}`)).data.progress).toBeUndefined();

    const other = await lesson(server.app, ben, 'Not a lesson');
    await put(other, { position: 10, completed: false, at: at(9) });
    const recent = json(await call('GET', '/progress/recent?limit=2', ben)).data;
    expect(
      recent.map((r: { videoId: string; video: { title: string }; course: unknown }) => [
        r.video.title,
        r.course,
      ]),
    ).toEqual([
      ['Not a lesson', null],
      ['Percentages', { _id: created, title: 'Numbers' }],
    ]);
  });

  it('tells each signed-in viewer, in every video answer, where they are in that video', async () => {
    const course = json(await call('POST', '/courses', ana, { title: 'Numbers', language: 'en' })).data._id;
    await call('PUT', `/courses/${course}/lessons`, ana, { videoIds: videos });
    await call('PATCH', `/courses/${course}`, ana, { published: true });
    expect((await put(videos[0]!, { position: 95.5, completed: false, at: at(1) })).statusCode).toBe(200);
    expect((await put(videos[1]!, { position: 600, completed: true, at: at(2) })).statusCode).toBe(200);
    expect((await put(videos[2]!, { position: 30, completed: false, at: at(3) }, ana)).statusCode).toBe(200);

    type Doc = { _id: string; progress: unknown };
    const progressById = (docs: Doc[]) => Object.fromEntries(docs.map((d) => [d._id, d.progress]));
    /** `progress` of each video, by id, in each answer that carries videos, as `who` is answered. */
    const seenBy = async (who?: SignedIn) => {
      const data = async (path: string) => {
        const res = await call('GET', path, who);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        return json(res).data;
      };
      // One a page: the first page and the later ones (the last read from the oldest end) are
      // read by different statements.
      const paged: Doc[] = [];
      for (const page of [1, 2, 3]) paged.push(...(await data(`/videos?page=${page}&limit=1`)).docs);
      return {
        list: progressById((await data('/videos')).docs),
        paged: progressById(paged),
        channel: progressById((await data(`/videos/${ana.userId}`)).docs),
        one: progressById(await Promise.all(videos.map((id) => data(`/videos/v/${id}`)))),
        search: progressById((await data('/videos?q=fractions')).docs),
        lessons: progressById(
          ((await data(`/courses/${course}`)).lessons as Array<{ video: Doc }>).map((l) => l.video),
        ),
      };
    };
    const everywhere = (byId: Record<string, unknown>) => ({
      list: byId,
      paged: byId,
      channel: byId,
      one: byId,
      search: { [videos[0]!]: byId[videos[0]!] },
      lessons: byId,
    });

    const watching = { position: 95.5, completed: false };
    const finished = { position: 600, completed: true };
    expect(await seenBy(ben)).toEqual(
      everywhere({ [videos[0]!]: watching, [videos[1]!]: finished, [videos[2]!]: null }),
    );
    // Another student sees only their own places: none in the videos Ben watched.
    expect(await seenBy(ana)).toEqual(
      everywhere({
        [videos[0]!]: null,
        [videos[1]!]: null,
        [videos[2]!]: { position: 30, completed: false },
      }),
    );
    // Signed out, no one's place.
    expect(await seenBy()).toEqual(
      everywhere({ [videos[0]!]: null, [videos[1]!]: null, [videos[2]!]: null }),
    );

    // Watched again from the start: the place moves, and a finished video stays finished.
    await put(videos[1]!, { position: 12, completed: false, at: at(4) });
    const recent = json(await call('GET', '/progress/recent', ben)).data as Array<{
      videoId: string;
      video: Doc;
    }>;
    expect(recent.map((r) => [r.videoId, r.video.progress])).toEqual([
      [videos[1], { position: 12, completed: true }],
      [videos[0], watching],
    ]);
    // The owner's change answers the video with the owner's own place in it.
    const changed = await call('PATCH', `/videos/${videos[2]}`, ana, { title: 'Percentages, again' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).data.progress).toEqual({ position: 30, completed: false });
  });
});
