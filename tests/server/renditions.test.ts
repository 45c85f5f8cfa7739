import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../src/shared/contracts/videos.ts';
import { findMediaTools } from '../../src/server/modules/renditions/media-tools.ts';
import {
  checkOutputs,
  planRenditions,
  probe,
  transcode,
} from '../../src/server/modules/renditions/transcode.ts';
import { makeClip } from '../helpers/clips.ts';
import { databaseKinds } from '../helpers/databases.ts';
import { json, registerAndSignIn, uploadVideo, type SignedIn } from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

const work = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'eduportal-renditions-'));
const clipFile = (name: string) => path.join(work, name);
beforeAll(() => {
  makeClip(clipFile('wide.mp4'), { width: 640, height: 360, seconds: 3 });
  makeClip(clipFile('portrait.mp4'), { width: 300, height: 400, seconds: 3 });
  makeClip(clipFile('silent.mp4'), { width: 320, height: 180, seconds: 2, audio: false });
  // Long enough that a worker can be killed in the middle of it.
  makeClip(clipFile('long.mp4'), { width: 640, height: 360, seconds: 40 });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const file = (name: string) => ({ filename: name, type: 'video/mp4', data: fs.readFileSync(clipFile(name)) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ffprobe(target: string) {
  return JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', target],
      {
        encoding: 'utf8',
      },
    ),
  ) as {
    streams: Array<{
      codec_type: string;
      codec_name: string;
      profile?: string;
      width?: number;
      height?: number;
      channels?: number;
    }>;
    format: { duration: string };
  };
}

async function getVideo(server: TestServer, id: string): Promise<Video> {
  return json(await server.app.inject({ method: 'GET', url: `/api/v1/videos/v/${id}` })).data as Video;
}

/** Polls the video until its renditions are settled; the test's own timeout bounds the wait. */
async function settled(server: TestServer, id: string): Promise<Video> {
  for (;;) {
    const video = await getVideo(server, id);
    if (['done', 'failed', 'unavailable'].includes(video.processing.state)) return video;
    await sleep(200);
  }
}

describe.each(databaseKinds)('renditions on %s', (kind) => {
  let server: TestServer;
  let ana: SignedIn;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await server?.close();
  });

  const start = async (env: Record<string, string> = {}) => {
    server = await createTestServer(kind, { env: { RENDITION_WORKERS: '1', ...env } });
    ana = await registerAndSignIn(server.app, 'ana');
  };
  const upload = async (name: string) => {
    const res = await uploadVideo(server.app, ana, { videoFile: file(name) });
    expect(res.statusCode).toBe(201);
    return json(res).data as Video;
  };
  const download = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it(
    'makes 144p, 240p, 360p and audio, whose sizes are exactly what a download costs',
    { timeout: 60_000 },
    async () => {
      await start();
      const uploaded = await upload('wide.mp4');
      expect(['queued', 'running']).toContain(uploaded.processing.state);
      expect(uploaded.renditions).toEqual([
        expect.objectContaining({
          quality: 'original',
          url: uploaded.videoFile,
          bytes: fs.statSync(clipFile('wide.mp4')).size,
        }),
      ]);

      const video = await settled(server, uploaded._id);
      expect(video.processing).toEqual({ state: 'done', progress: 100 });
      expect(video.renditions.map((r) => r.quality)).toEqual(['audio', '144p', '240p', '360p', 'original']);
      const sizes = video.renditions.map((r) => r.bytes);
      expect(sizes.slice(0, -1)).toEqual([...sizes.slice(0, -1)].sort((a, b) => a - b));
      expect(video.renditions.find((r) => r.quality === 'original')).toMatchObject({
        height: 360,
        mimeType: 'video/mp4',
      });

      for (const rendition of video.renditions) {
        const res = await download(rendition.url);
        expect(Number(res.headers['content-length'])).toBe(rendition.bytes);
        expect(res.rawPayload.length).toBe(rendition.bytes);
        expect(res.headers['content-type']).toBe(rendition.mimeType);
        if (rendition.quality === 'original') continue;
        const local = path.join(work, `${video._id}-${rendition.quality}`);
        fs.writeFileSync(local, res.rawPayload);
        const probed = ffprobe(local);
        const picture = probed.streams.find((s) => s.codec_type === 'video');
        const sound = probed.streams.find((s) => s.codec_type === 'audio');
        expect(sound).toMatchObject({ codec_name: 'aac', channels: 1 });
        expect(Number(probed.format.duration)).toBeCloseTo(3, 0);
        // +faststart: the index comes before the media, so playback starts before the download ends.
        expect(res.rawPayload.indexOf('moov')).toBeLessThan(res.rawPayload.indexOf('mdat'));
        if (rendition.quality === 'audio') {
          expect(picture).toBeUndefined();
          expect(rendition).toMatchObject({ mimeType: 'audio/mp4', height: null });
          continue;
        }
        const height = Number(rendition.quality.replace('p', ''));
        expect(picture).toMatchObject({ codec_name: 'h264', height });
        expect(['Constrained Baseline', 'Baseline', 'Main']).toContain(picture!.profile);
        expect(rendition.height).toBe(height);
      }
    },
  );

  it(
    'never makes a rendition taller than the source, and makes no audio from a silent clip',
    { timeout: 60_000 },
    async () => {
      await start();
      const portrait = await settled(server, (await upload('portrait.mp4'))._id);
      // 300x400 upright: its short side is 300, so 144p and 240p (144x192, 240x320) and no 360p.
      expect(portrait.renditions.map((r) => [r.quality, r.height])).toEqual([
        ['audio', null],
        ['144p', 192],
        ['240p', 320],
        ['original', 400],
      ]);
      const silent = await settled(server, (await upload('silent.mp4'))._id);
      expect(silent.renditions.map((r) => r.quality)).toEqual(['144p', 'original']);
    },
  );

  it('deletes every rendition with its video', { timeout: 60_000 }, async () => {
    await start();
    const video = await settled(server, (await upload('wide.mp4'))._id);
    const files = video.renditions.map((r) =>
      path.join(server.config.mediaDir, r.url.replace('/media/', '')),
    );
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video._id}`,
      headers: { authorization: `Bearer ${ana.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(files.filter((f) => fs.existsSync(f))).toEqual([]);
  });

  it('says "unavailable" when FFMPEG_PATH names no ffmpeg, and the original still plays', async () => {
    await start({ FFMPEG_PATH: path.join(work, 'no-such-ffmpeg') });
    const video = await upload('wide.mp4');
    expect(video.processing).toEqual({ state: 'unavailable', progress: 0 });
    expect(video.renditions).toHaveLength(1);
    const original = video.renditions[0]!;
    expect(original).toMatchObject({ quality: 'original', url: video.videoFile, mimeType: 'video/mp4' });
    expect(Number((await download(original.url)).headers['content-length'])).toBe(original.bytes);
    expect(await getVideo(server, video._id)).toMatchObject({ processing: { state: 'unavailable' } });
  });

  it(
    'takes a job again when its worker is killed in the middle, and finishes it once',
    { timeout: 120_000 },
    async () => {
      await start({ RENDITION_WORKERS: '0' });
      const uploaded = await upload('long.mp4');
      const jobRow = () =>
        server.database.db.kysely
          .selectFrom('jobs')
          .selectAll()
          .where('subject', '=', uploaded._id)
          .executeTakeFirstOrThrow();
      const worker = () => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', path.resolve(import.meta.dirname, '../helpers/job-worker-process.ts')],
          {
            env: {
              ...process.env,
              DATA_DIR: server.database.dir,
              LOG_LEVEL: 'silent',
              SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
              EDUPORTAL_TEST_DATABASE: JSON.stringify(server.database.config),
              RENDITION_WORKERS: '1',
              RENDITION_THREADS: '1',
              JOB_LEASE_SECONDS: '2',
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        children.push(child);
        return child;
      };

      const doomed = worker();
      // Kill it once ffmpeg is under way: the job is running and has reported progress.
      for (let job = await jobRow(); !(job.state === 'running' && job.progress > 0); job = await jobRow()) {
        expect(job.state).not.toBe('done');
        await sleep(100);
      }
      doomed.kill('SIGKILL');
      await new Promise((r) => doomed.once('exit', r));
      expect(await jobRow()).toMatchObject({ state: 'running', attempts: 1 });
      // Its ffmpeg, with most of a 40-s clip still to do, dies with it rather than running on.
      const original = path.join(server.config.mediaDir, uploaded.videoFile.replace('/media/', ''));
      const running = () =>
        execFileSync('ps', ['-eo', 'stat=,args='], { encoding: 'utf8' })
          .split('\n')
          .filter((line) => line.includes(original) && !line.trimStart().startsWith('Z')).length;
      await expect.poll(running, { timeout: 3000 }).toBe(0);

      worker();
      const video = await settled(server, uploaded._id);
      expect(video.processing.state).toBe('done');
      expect(await jobRow()).toMatchObject({ state: 'done', attempts: 2, error: null });
      expect(video.renditions.map((r) => r.quality)).toEqual(['audio', '144p', '240p', '360p', 'original']);
      // The killed worker left nothing published.
      const published = fs.readdirSync(path.join(server.config.mediaDir, 'renditions'));
      expect(published.sort()).toEqual(
        video.renditions
          .filter((r) => r.quality !== 'original')
          .map((r) => path.basename(r.url))
          .sort(),
      );
    },
  );
});

/** The 2018 ffmpeg packages are an opt-in (docs/deploy.md, "ffmpeg"); `npm ci` leaves them out. */
const npmFfmpegInstalled = fs.existsSync(
  path.resolve(import.meta.dirname, '../../node_modules/@ffmpeg-installer/ffmpeg'),
);

describe('finding ffmpeg', () => {
  it.skipIf(!npmFfmpegInstalled)(
    'uses the binaries inside the npm packages when the system has none, and they make renditions (needs the opt-in: npm install --no-save @ffmpeg-installer/ffmpeg @ffprobe-installer/ffprobe)',
    { timeout: 60_000 },
    async () => {
      const { tools } = await findMediaTools({ searchPath: '' });
      expect(tools).toMatchObject({ origin: 'npm package' });
      expect(tools!.ffmpeg).toContain(`node_modules${path.sep}@ffmpeg-installer`);
      const source = await probe(tools!, clipFile('wide.mp4'));
      const outputs = planRenditions(source, (ext) =>
        path.join(work, `npm-${Math.random().toString(36).slice(2)}${ext}`),
      );
      await transcode(tools!, clipFile('wide.mp4'), source, outputs, { threads: 1, timeoutMs: 60_000 });
      const checked = await checkOutputs(tools!, source, outputs);
      expect(checked.map((o) => [o.quality, o.height])).toEqual([
        ['144p', 144],
        ['240p', 240],
        ['360p', 360],
        ['audio', null],
      ]);
    },
  );

  it.skipIf(npmFfmpegInstalled)(
    'finds no ffmpeg when the system has none and the npm packages were not opted into, and says how to get one',
    async () => {
      const { tools, notes } = await findMediaTools({ searchPath: '' });
      expect(tools).toBeUndefined();
      expect(notes.join(' ')).toContain('apt-get install ffmpeg');
    },
  );

  it('prefers the system ffmpeg, and takes FFMPEG_PATH alone when it is set', async () => {
    expect((await findMediaTools()).tools).toMatchObject({ origin: 'system', ffmpeg: '/usr/bin/ffmpeg' });
    expect((await findMediaTools({ ffmpegPath: '/usr/bin/ffmpeg' })).tools).toMatchObject({
      origin: 'FFMPEG_PATH',
    });
    const missing = await findMediaTools({ ffmpegPath: path.join(work, 'nowhere', 'ffmpeg') });
    expect(missing.tools).toBeUndefined();
    expect(missing.notes.join(' ')).toMatch(/nowhere/);
  });
});
