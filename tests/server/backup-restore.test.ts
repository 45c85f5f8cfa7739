import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { MediaRepository } from '../../src/server/modules/media/media.repository.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';
import { httpApp } from '../helpers/http-app.ts';
import { multipart, png, register, signIn, type SignedIn } from '../helpers/http.ts';
import { freePort } from '../helpers/server-process.ts';
import { runOpsAsync, startSourceServer, type SourceServer } from '../helpers/source-process.ts';

// `npm run backup` while the server takes writes, then `npm run restore` into an empty data folder
// (api-contract.md, "Operations"): every write acknowledged before the backup began is in it, and
// the restored server passes its integrity check and serves every file its rows name.
const OPS = 'src/server/ops/main.ts';
const SLOW = 300_000;
const LIMITS = {
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTER_PER_HOUR: '100000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
};

async function serve(env: Record<string, string>): Promise<{ server: SourceServer; url: string }> {
  const port = await freePort();
  const server = await startSourceServer({ ...env, ...LIMITS, HOST: '127.0.0.1', PORT: String(port) });
  return { server, url: `http://127.0.0.1:${port}` };
}

describe.each(databaseKinds)('backup under load and restore on %s', (kind) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let original: { server: SourceServer; url: string };
  let restored: { server: SourceServer; url: string } | undefined;
  let env: Record<string, string>;
  let restoreEnv: Record<string, string>;
  let backupDir: string;

  beforeAll(async () => {
    source = await createTestDatabase(kind, { migrate: false });
    target = await createTestDatabase(kind, { migrate: false });
    // No SESSION_SECRET: the key a start makes is part of what is backed up (on SQLite, a file
    // in DATA_DIR; on PostgreSQL, a row), so a student stays signed in across a restore.
    env = {
      DATA_DIR: path.join(source.dir, 'data'),
      ...(source.config.kind === 'postgres' ? { DATABASE_URL: source.config.connectionString } : {}),
    };
    restoreEnv = {
      DATA_DIR: path.join(target.dir, 'data'),
      ...(target.config.kind === 'postgres' ? { DATABASE_URL: target.config.connectionString } : {}),
    };
    backupDir = path.join(source.dir, 'backup');
    original = await serve(env);
  }, SLOW);

  afterAll(async () => {
    await original?.server.stop();
    await restored?.server.stop();
    await source?.destroy();
    await target?.destroy();
  });

  it(
    'keeps every acknowledged write, and the restored server serves every file its rows name',
    async () => {
      const api = httpApp(original.url);
      const students: SignedIn[] = [];
      for (const name of ['lata', 'ravi', 'noor']) {
        expect((await register(api, name)).statusCode).toBe(201);
        students.push(await signIn(api, name));
      }

      // The load: posts (rows), new accounts (a file, then its row) and replaced pictures (a new
      // file, the row moved to it, the old file deleted: what could leave a backup naming a file
      // that is gone).
      const acknowledged: Array<{ what: 'tweet' | 'user'; name: string; at: number }> = [];
      let stop = false;
      const loops = [
        ...students.map(async (s) => {
          for (let i = 0; !stop; i += 1) {
            const content = `${s.username} note ${i}`;
            const res = await api.inject({
              method: 'POST',
              url: '/api/v1/tweets',
              headers: { authorization: `Bearer ${s.accessToken}` },
              payload: { content },
            });
            if (res.statusCode === 201) acknowledged.push({ what: 'tweet', name: content, at: Date.now() });
          }
        }),
        ...students.map(async (s) => {
          for (let i = 0; !stop; i += 1) {
            const body = await multipart({ avatar: await png(64 + (i % 7), 64) });
            await api.inject({
              method: 'PATCH',
              url: '/api/v1/users/avatar',
              headers: { authorization: `Bearer ${s.accessToken}`, ...body.headers },
              payload: body.payload,
            });
          }
        }),
        (async () => {
          for (let i = 0; !stop; i += 1) {
            const name = `newcomer${i}`;
            if ((await register(api, name)).statusCode === 201)
              acknowledged.push({ what: 'user', name, at: Date.now() });
          }
        })(),
      ];
      while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 50));

      const began = Date.now();
      const backup = await runOpsAsync(OPS, ['backup', backupDir], env);
      const ended = Date.now();
      // A little more load after the backup, which it must simply not contain or need.
      while (acknowledged.filter((a) => a.at > ended).length < 10)
        await new Promise((r) => setTimeout(r, 50));
      stop = true;
      await Promise.all(loops);

      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      // A file deleted between the database's copy and its own is the reason to copy the database
      // again; under this load that may happen, and is said, before the last line.
      expect(backup.stdout.trim().split('\n').at(-1)).toMatch(
        /^Backed up the (SQLite|PostgreSQL) database \(.+\) and \d+ media file\(s\)/,
      );
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest.database).toBe(kind);

      const restore = await runOpsAsync(OPS, ['restore', backupDir], restoreEnv);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('the database passed its integrity check');

      restored = await serve(restoreEnv);
      const restoredDb = openDatabase(
        kind === 'sqlite'
          ? { kind: 'sqlite', file: path.join(restoreEnv.DATA_DIR!, 'eduportal.sqlite') }
          : target.config,
      );
      try {
        const tweets = new Set(
          (await restoredDb.kysely.selectFrom('tweets').select('content').execute()).map((r) => r.content),
        );
        const users = new Set(
          (await restoredDb.kysely.selectFrom('users').select('username').execute()).map((r) => r.username),
        );
        const before = acknowledged.filter((a) => a.at < began);
        expect(before.length).toBeGreaterThanOrEqual(30);
        const lost = before.filter((a) => !(a.what === 'tweet' ? tweets : users).has(a.name));
        expect(lost).toEqual([]);
        // Nothing that was never acknowledged (a write the server refused) appears in the copy.
        const everTweeted = new Set(acknowledged.filter((a) => a.what === 'tweet').map((a) => a.name));
        expect([...tweets].filter((t) => !everTweeted.has(t))).toEqual([]);

        const named = [...(await new MediaRepository(restoredDb.kysely).allReferenced())];
        expect(named.length).toBe(manifest.mediaFiles);
        const served = await Promise.all(
          named.map(async (key) => {
            const res = await fetch(`${restored!.url}/media/${key}`);
            const bytes = Buffer.from(await res.arrayBuffer());
            return {
              key,
              status: res.status,
              same: bytes.equals(fs.readFileSync(path.join(backupDir, 'media', key))),
            };
          }),
        );
        expect(served.filter((s) => s.status !== 200 || !s.same)).toEqual([]);
      } finally {
        await restoredDb.close();
      }

      // A student signed in before the backup is still signed in on the restored server.
      const me = await httpApp(restored.url).inject({
        url: '/api/v1/users/current-user',
        headers: { authorization: `Bearer ${students[0]!.accessToken}` },
      });
      expect(me.statusCode).toBe(200);
    },
    SLOW,
  );

  it(
    'refuses what would overwrite data or is not a backup, each with one line',
    async () => {
      const refusals = await Promise.all([
        runOpsAsync(OPS, ['backup', backupDir], env),
        runOpsAsync(OPS, ['backup', path.join(env.DATA_DIR!, 'inside')], env),
        runOpsAsync(OPS, ['restore', backupDir], restoreEnv),
        runOpsAsync(OPS, ['restore', path.join(source.dir, 'nothing-here')], restoreEnv),
        runOpsAsync(OPS, ['restore', env.DATA_DIR!], { DATA_DIR: path.join(source.dir, 'empty-data') }),
        runOpsAsync(OPS, ['backup'], env),
        runOpsAsync(OPS, ['restore', backupDir, 'extra'], restoreEnv),
      ]);
      const expected = [
        /is not empty: a backup goes into an empty or new folder\.$/,
        /is inside DATA_DIR .*: put the backup somewhere else\.$/,
        /^DATA_DIR .* is not empty: restore fills an empty \(or new\) data folder\.$/,
        /nothing-here is not a folder\.$/,
        /is not a whole EduPortal backup \(no readable manifest\.json; a backup cut short has none\)\.$/,
        /^Usage: npm run backup -- <folder>$/,
        /^Usage: npm run restore -- <folder>$/,
      ];
      refusals.forEach((run, i) => {
        expect(run.code).not.toBe(0);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
        expect(run.stderr.trim()).toMatch(expected[i]!);
      });
      if (kind === 'postgres') {
        // The restored database now has tables: a second restore into it, from an empty folder, is refused.
        const again = await runOpsAsync(OPS, ['restore', backupDir], {
          ...restoreEnv,
          DATA_DIR: path.join(target.dir, 'fresh'),
        });
        expect(again.code).not.toBe(0);
        expect(again.stderr.trim()).toBe(
          'The database DATABASE_URL names is not empty: restore fills an empty database.',
        );
      } else {
        const mismatch = await runOpsAsync(OPS, ['restore', backupDir], {
          DATA_DIR: path.join(target.dir, 'fresh'),
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        });
        expect(mismatch.code).not.toBe(0);
        expect(mismatch.stderr.trim()).toBe(
          'This backup holds a SQLite database: unset DATABASE_URL to restore it into DATA_DIR.',
        );
      }
    },
    SLOW,
  );
});
