import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

const clip = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/clip.mp4'));

const picture = (colour: string) =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function signUp(url: string, username: string): Promise<string> {
  const form = new FormData();
  form.append('username', username);
  form.append('email', `${username}@school.example`);
  form.append('fullName', `Student ${username}`);
  form.append('password', 'correct horse battery');
  form.append('avatar', new Blob([new Uint8Array(await picture('#345678'))], { type: 'image/png' }), 'a.png');
  const made = await fetch(`${url}/api/v1/users/register`, { method: 'POST', body: form });
  if (made.status !== 201) throw new Error(`register: ${made.status} ${await made.text()}`);
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  const body = (await login.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/** The media keys that rows name, read from the database file itself. */
function namedKeys(dataDir: string): string[] {
  const db = new SQLite(path.join(dataDir, 'eduportal.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        `select avatar as k from users union all select cover_image from users
         union all select video_file from videos union all select thumbnail from videos
         union all select file from video_renditions`,
      )
      .all() as { k: string | null }[];
    return rows
      .map((r) => r.k)
      .filter((k): k is string => k !== null)
      .sort();
  } finally {
    db.close();
  }
}

function storedKeys(dataDir: string): string[] {
  const media = path.join(dataDir, 'media');
  return (fs.readdirSync(media, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => !f.startsWith('.') && fs.statSync(path.join(media, f)).isFile())
    .sort();
}

describe('media across a crash and a shutdown', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.stop('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    server = undefined;
    dataDir = undefined;
  });

  it('SIGKILL during 20 uploads and writes: after a restart every acknowledged row and file is there, and no file without a row', async () => {
    server = await startServerProcess();
    dataDir = server.dataDir;
    const token = await signUp(server.url, 'crashy');
    const auth = { authorization: `Bearer ${token}` };
    const url = server.url;

    const acknowledged = { videos: [] as string[], tweets: [] as string[] };
    let firstAck: () => void = () => undefined;
    const someAcknowledged = new Promise<void>((resolve) => (firstAck = resolve));
    const work = Array.from({ length: 20 }, async (_, i) => {
      try {
        if (i % 4 === 3) {
          const res = await fetch(`${url}/api/v1/tweets`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ content: `tweet ${i}` }),
          });
          if (res.status === 201)
            acknowledged.tweets.push(((await res.json()) as { data: { _id: string } }).data._id);
        } else if (i % 4 === 2) {
          const form = new FormData();
          form.append(
            'avatar',
            new Blob([new Uint8Array(await picture(`#${(i * 7).toString(16).padStart(2, '0')}2030`))]),
            'a.png',
          );
          await fetch(`${url}/api/v1/users/avatar`, { method: 'PATCH', headers: auth, body: form });
        } else {
          const form = new FormData();
          form.append('title', `Lesson ${i}`);
          form.append('description', '');
          form.append('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
          form.append(
            'thumbnail',
            new Blob([new Uint8Array(await picture(`#20${(i * 9).toString(16).padStart(2, '0')}40`))]),
            't.png',
          );
          const res = await fetch(`${url}/api/v1/videos`, { method: 'POST', headers: auth, body: form });
          if (res.status === 201)
            acknowledged.videos.push(((await res.json()) as { data: { _id: string } }).data._id);
        }
        firstAck();
      } catch {
        // The process was killed under this request: it was never acknowledged.
      }
    });
    await someAcknowledged;
    // Kill right after the next file is published: that is the moment when its row is not yet
    // written, the window a crash must not turn into a file that nothing names.
    const child = server.child;
    const published = new Promise<void>((resolve) => {
      const watchers: fs.FSWatcher[] = [];
      const done = () => {
        for (const w of watchers) w.close();
        resolve();
      };
      for (const folder of ['images', 'videos']) {
        fs.mkdirSync(path.join(dataDir!, 'media', folder), { recursive: true });
        watchers.push(
          fs.watch(path.join(dataDir!, 'media', folder), (_event, name) => {
            if (!name || name.endsWith('.part')) return;
            child.kill('SIGKILL');
            done();
          }),
        );
      }
      setTimeout(done, 5000);
    });
    await published;
    await server.stop('SIGKILL');
    await Promise.all(work);
    // The crash must have come mid-way for the test to mean anything.
    expect(acknowledged.videos.length + acknowledged.tweets.length).toBeGreaterThan(0);

    server = await startServerProcess({}, { dataDir });
    const db = new SQLite(path.join(dataDir, 'eduportal.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    for (const id of acknowledged.videos) {
      expect((await fetch(`${server.url}/api/v1/videos/v/${id}`)).status, id).toBe(200);
    }
    const tweets = (await (await fetch(`${server.url}/api/v1/tweets?limit=100`)).json()) as {
      data: { docs: { _id: string }[] };
    };
    for (const id of acknowledged.tweets) expect(tweets.data.docs.map((t) => t._id)).toContain(id);

    const named = namedKeys(dataDir);
    expect(storedKeys(dataDir)).toEqual([...new Set(named)].sort());
    for (const key of named) {
      expect((await fetch(`${server.url}/media/${key}`)).status, key).toBe(200);
    }
  });

  it('SIGTERM with a slow upload in flight waits for it, says so, and exits 0', async () => {
    server = await startServerProcess();
    dataDir = server.dataDir;
    const token = await signUp(server.url, 'slowpoke');
    const { port } = new URL(server.url);
    const boundary = 'slowboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow lesson\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const thumb = await picture('#654321');
    const middle = Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="videoFile"; filename="c.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = head.length + thumb.length + middle.length + clip.length + tail.length;

    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/videos',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': total,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(Buffer.concat([head, thumb, middle]));
      // The clip goes in 12 slices, 500 ms apart: 6 s in all, longer than the old 4 s limit.
      const slices = 12;
      const size = Math.ceil(clip.length / slices);
      let sent = 0;
      const next = () => {
        if (sent >= slices) return void req.end(tail);
        req.write(clip.subarray(sent * size, (sent + 1) * size));
        sent += 1;
        setTimeout(next, 500);
      };
      next();
    });
    await new Promise((r) => setTimeout(r, 1000));
    const stopped = server.stop('SIGTERM');
    const status = await answer;
    const { code } = await stopped;
    expect(status).toBe(201);
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('for 1 upload(s) in flight');
    expect(storedKeys(dataDir)).toEqual([...new Set(namedKeys(dataDir))].sort());
  });
});
