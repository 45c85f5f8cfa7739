import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { MediaRepository } from '../../src/server/modules/media/media.repository.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/server-process.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const clip = fs.readFileSync(path.join(root, 'tests/fixtures/clip.mp4'));

interface Running {
  url: string;
  child: ChildProcess;
  output(): string;
}

/**
 * The server as `npm start` runs it (src/server/main.ts, the real start: journal recovery and
 * sweep included), from source through tsx so that no build is needed, in its own process that
 * a test can kill.
 */
async function startServer(
  dataDir: string,
  database: DatabaseConfig,
  env: Record<string, string>,
): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      RENDITION_WORKERS: '0',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      // The sweep's grace stays an hour: only the journal can remove a file within this test.
      MEDIA_SWEEP_GRACE_SECONDS: '3600',
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.connectionString } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/healthcheck`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output };
}

const kill = (server: Running) =>
  new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });

const picture = (hue: number) =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: { r: hue % 256, g: 80, b: 40 } } })
    .png()
    .toBuffer();

async function signUp(url: string, username: string): Promise<Record<string, string>> {
  const form = new FormData();
  form.append('username', username);
  form.append('email', `${username}@school.example`);
  form.append('fullName', `Student ${username}`);
  form.append('password', 'correct horse battery');
  form.append('avatar', new Blob([new Uint8Array(await picture(1))], { type: 'image/png' }), 'a.png');
  const made = await fetch(`${url}/api/v1/users/register`, { method: 'POST', body: form });
  if (made.status !== 201) throw new Error(`register: ${made.status} ${await made.text()}`);
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  const body = (await login.json()) as { data: { accessToken: string } };
  return { authorization: `Bearer ${body.data.accessToken}` };
}

function storedKeys(dataDir: string): string[] {
  const media = path.join(dataDir, 'media');
  if (!fs.existsSync(media)) return [];
  return (fs.readdirSync(media, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => !f.startsWith('.') && fs.statSync(path.join(media, f)).isFile())
    .sort();
}

async function namedKeys(database: DatabaseConfig): Promise<Set<string>> {
  const db = openDatabase(database);
  try {
    return await new MediaRepository(db.kysely).allReferenced();
  } finally {
    await db.close();
  }
}

/** Files on disk that no row names. */
async function unnamed(dataDir: string, database: DatabaseConfig): Promise<string[]> {
  const named = await namedKeys(database);
  return storedKeys(dataDir).filter((k) => !named.has(k));
}

/**
 * Uploads pictures and videos, many at once, and kills the server with SIGKILL the moment a new
 * file is published: then its row is not written yet. Answers the files the crash left unnamed.
 */
async function crashMidPublish(
  server: Running,
  dataDir: string,
  database: DatabaseConfig,
): Promise<string[]> {
  const auth = await signUp(server.url, `crash${Date.now() % 100000}`);
  const watchers: fs.FSWatcher[] = [];
  const published = new Promise<void>((resolve) => {
    for (const folder of ['images', 'videos']) {
      fs.mkdirSync(path.join(dataDir, 'media', folder), { recursive: true });
      watchers.push(
        fs.watch(path.join(dataDir, 'media', folder), () => {
          server.child.kill('SIGKILL');
          resolve();
        }),
      );
    }
  });
  const work = Array.from({ length: 12 }, async (_, i) => {
    try {
      const form = new FormData();
      if (i % 3 === 0) {
        form.append('avatar', new Blob([new Uint8Array(await picture(i * 20))]), 'a.png');
        await fetch(`${server.url}/api/v1/users/avatar`, { method: 'PATCH', headers: auth, body: form });
      } else {
        form.append('title', `Lesson ${i}`);
        form.append('description', '');
        form.append('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
        form.append('thumbnail', new Blob([new Uint8Array(await picture(i * 30))]), 't.png');
        await fetch(`${server.url}/api/v1/videos`, { method: 'POST', headers: auth, body: form });
      }
    } catch {
      // killed under this request
    }
  });
  await Promise.race([published, new Promise((r) => setTimeout(r, 20_000))]);
  for (const w of watchers) w.close();
  await kill(server);
  await Promise.all(work);
  return unnamed(dataDir, database);
}

describe.each(databaseKinds)('the journal of files being written, on %s', (kind) => {
  let database: TestDatabase | undefined;
  const running: Running[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await kill(server);
    await database?.destroy();
    database = undefined;
  });

  /** The database the servers share, and the data folder (media) they share. */
  const setUp = async () => {
    database = await createTestDatabase(kind);
    const config: DatabaseConfig =
      kind === 'sqlite'
        ? { kind: 'sqlite', file: path.join(database.dir, 'eduportal.sqlite') }
        : database.config;
    return { dataDir: database.dir, config };
  };

  /** Crashes a server mid-publish until the crash has cut a publish off (almost always at once). */
  const crashUntilCutOff = async (dataDir: string, config: DatabaseConfig, env: Record<string, string>) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const server = await startServer(dataDir, config, env);
      running.push(server);
      const left = await crashMidPublish(server, dataDir, config);
      if (left.length > 0) return left;
    }
    throw new Error('four crashes in a row left no half-published file; the test could not make its case');
  };

  it('a server killed mid-upload: at its next start the files it was publishing are gone, not an hour later', async () => {
    const { dataDir, config } = await setUp();
    const env = { INSTANCE_ID: 'app-1' };
    const left = await crashUntilCutOff(dataDir, config, env);
    expect(left.length).toBeGreaterThan(0);

    const again = await startServer(dataDir, config, env);
    running.push(again);
    expect(await unnamed(dataDir, config), again.output()).toEqual([]);
    // Every file a row names is still there and served.
    for (const key of await namedKeys(config)) {
      expect((await fetch(`${again.url}/media/${key}`)).status, key).toBe(200);
    }
  }, 180_000);

  it.skipIf(kind !== 'postgres')(
    'another instance removes them once the dead one’s lease has run out',
    async () => {
      const { dataDir, config } = await setUp();
      // Leases of 2 s, so that the test waits seconds; the sweep's grace stays an hour.
      const left = await crashUntilCutOff(dataDir, config, { INSTANCE_ID: 'app-1', JOB_LEASE_SECONDS: '2' });
      expect(left.length).toBeGreaterThan(0);

      const other = await startServer(dataDir, config, { INSTANCE_ID: 'app-2', JOB_LEASE_SECONDS: '2' });
      running.push(other);
      const deadline = Date.now() + 30_000;
      let still = await unnamed(dataDir, config);
      while (still.length > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        still = await unnamed(dataDir, config);
      }
      expect(still, other.output()).toEqual([]);
    },
    180_000,
  );
});
