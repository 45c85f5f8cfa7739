import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';
import { httpApp } from '../helpers/http-app.ts';
import { register, signIn, type SignedIn } from '../helpers/http.ts';
import { freePort } from '../helpers/server-process.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { runOpsAsync, startSourceServer, type SourceServer } from '../helpers/source-process.ts';

// `npm run admin -- <command>` (api-contract.md, "Operations") against a running server: the
// command is its own process on the server's configuration, and what it did is checked through
// the server's HTTP API, as a student's phone would meet it.
const ADMIN = 'src/server/ops/main.ts';
// Each command is a Node process that loads the server's code: seconds on a busy machine.
const SLOW = 180_000;

describe.each(databaseKinds)('admin commands against a running server on %s', (kind) => {
  let database: TestDatabase;
  let server: SourceServer;
  let env: Record<string, string>;
  let baseUrl: string;
  const api = () => httpApp(baseUrl);
  const admin = (...args: string[]) => runOpsAsync(ADMIN, ['admin', ...args], env);
  /** The server's own database (on SQLite, its file in DATA_DIR), for what no route shows. */
  let serverDb: Db;

  const currentUser = async (s: SignedIn) =>
    (
      await api().inject({
        url: '/api/v1/users/current-user',
        headers: { authorization: `Bearer ${s.accessToken}` },
      })
    ).statusCode;
  const refresh = async (s: SignedIn) =>
    (
      await api().inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken: s.refreshToken },
      })
    ).statusCode;
  const login = (username: string, password = 'correct horse battery') =>
    api().inject({ method: 'POST', url: '/api/v1/users/login', payload: { username, password } });

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
    const port = await freePort();
    env = {
      DATA_DIR: path.join(database.dir, 'data'),
      ...(database.config.kind === 'postgres' ? { DATABASE_URL: database.config.connectionString } : {}),
      SESSION_SECRET: 'a-test-secret-that-is-at-least-32-characters',
    };
    server = await startSourceServer({
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    });
    baseUrl = `http://127.0.0.1:${port}`;
    serverDb =
      kind === 'sqlite'
        ? openDatabase({ kind: 'sqlite', file: path.join(env.DATA_DIR!, 'eduportal.sqlite') })
        : database.db;
  }, SLOW);

  afterAll(async () => {
    if (kind === 'sqlite') await serverDb?.close();
    await server?.stop();
    await database?.destroy();
  }, SLOW);

  it(
    'create-user makes an account that signs in at once, with a picture the server serves',
    async () => {
      const run = await admin(
        'create-user',
        '--username',
        'Teacher.Ravi',
        '--email',
        'ravi@school.example',
        '--full-name',
        'Ravi Kumar',
        '--password',
        'a long enough password',
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Created user teacher.ravi (Ravi Kumar, ravi@school.example)');
      const res = await login('teacher.ravi', 'a long enough password');
      expect(res.statusCode).toBe(200);
      const avatar = await fetch(new URL(res.json().data.user.avatar, baseUrl));
      expect(avatar.status).toBe(200);
      expect(avatar.headers.get('content-type')).toBe('image/webp');

      const again = await admin(
        'create-user',
        '--username',
        'teacher.ravi',
        '--email',
        'x@school.example',
        '--full-name',
        'R',
        '--password',
        'a long enough password',
      );
      expect(again.code).not.toBe(0);
      expect(again.stderr.trim()).toBe('This username is taken: --username is taken');
    },
    SLOW,
  );

  it(
    'disable ends every session and refuses sign-in; the content stays; enable lets them back',
    async () => {
      expect((await register(api(), 'meena')).statusCode).toBe(201);
      const phone = await signIn(api(), 'meena');
      const laptop = await signIn(api(), 'meena');
      const tweet = await api().inject({
        method: 'POST',
        url: '/api/v1/tweets',
        headers: { authorization: `Bearer ${phone.accessToken}` },
        payload: { content: 'Notes for the test on Friday' },
      });
      expect(tweet.statusCode).toBe(201);
      expect(await currentUser(phone)).toBe(200);

      const run = await admin('disable', '--username', 'meena');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Disabled meena; ended 2 session(s)');
      expect(await currentUser(phone)).toBe(401);
      expect(await currentUser(laptop)).toBe(401);
      expect(await refresh(laptop)).toBe(401);
      const refused = await login('meena');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This account has been turned off by the school.');
      // A wrong password still says only that the password is wrong: the state is not revealed.
      expect((await login('meena', 'not the password')).statusCode).toBe(401);
      const tweets = await api().inject({ url: `/api/v1/tweets/user/${phone.userId}` });
      expect(tweets.statusCode).toBe(200);
      expect(JSON.stringify(tweets.json().data)).toContain('Notes for the test on Friday');

      expect((await admin('disable', '--username', 'meena')).stdout).toContain('Already disabled: meena');
      const enabled = await admin('enable', '--username', 'meena');
      expect(enabled.code).toBe(0);
      expect(enabled.stdout).toContain('Enabled meena');
      expect((await login('meena')).statusCode).toBe(200);
    },
    SLOW,
  );

  it(
    'reset-password sets the new password and ends every session of the user, and only theirs',
    async () => {
      expect((await register(api(), 'arjun')).statusCode).toBe(201);
      expect((await register(api(), 'kavya')).statusCode).toBe(201);
      const arjun = await signIn(api(), 'arjun');
      const kavya = await signIn(api(), 'kavya');
      const run = await admin('reset-password', '--username', 'arjun', '--password', 'the new password 42');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Set a new password for arjun; ended 1 session(s)');
      expect(await currentUser(arjun)).toBe(401);
      expect(await refresh(arjun)).toBe(401);
      expect(await currentUser(kavya)).toBe(200);
      expect((await login('arjun')).statusCode).toBe(401);
      expect((await login('arjun', 'the new password 42')).statusCode).toBe(200);
    },
    SLOW,
  );

  it(
    'requeue-renditions queues every failed rendition job again, and status counts them',
    async () => {
      const now = new Date().toISOString();
      await serverDb.kysely
        .insertInto('jobs')
        .values(
          ['v-failed-1', 'v-failed-2'].map((subject, i) => ({
            id: `job-${i}`,
            kind: 'renditions',
            subject,
            state: 'failed' as const,
            attempts: 3,
            max_attempts: 3,
            run_at: now,
            error: 'ffmpeg exited with code 1',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const before = JSON.parse((await admin('status', '--json')).stdout);
      expect(before.renditionJobs).toEqual({ waiting: 0, running: 0, failed: 2 });

      const run = await admin('requeue-renditions');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Queued 2 failed rendition job(s) again');
      const rows = await serverDb.kysely.selectFrom('jobs').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.state, Number(r.attempts), r.error])).toEqual([
        ['queued', 0, null],
        ['queued', 0, null],
      ]);
      const after = JSON.parse((await admin('status', '--json')).stdout);
      expect(after.renditionJobs).toEqual({ waiting: 2, running: 0, failed: 0 });
      expect((await admin('requeue-renditions')).stdout).toContain('No failed rendition jobs');
    },
    SLOW,
  );

  it(
    'status says disk, database, media and ffmpeg, for a person and as JSON',
    async () => {
      const json = JSON.parse((await admin('status', '--json')).stdout);
      expect(json.database.kind).toBe(kind);
      expect(json.database.bytes).toBeGreaterThan(0);
      expect(json.disk.freeBytes).toBeGreaterThan(0);
      expect(json.disk.totalBytes).toBeGreaterThanOrEqual(json.disk.freeBytes);
      // Four avatars so far (ravi, meena, arjun, kavya).
      expect(json.media.files).toBe(4);
      expect(json.media.bytes).toBeGreaterThan(0);
      expect(Object.keys(json.ffmpeg)).toEqual(expect.arrayContaining(['path', 'origin', 'version']));
      const text = await admin('status');
      expect(text.code).toBe(0);
      for (const label of ['disk free', 'database', 'media', 'renditions', 'ffmpeg'])
        expect(text.stdout).toContain(label);
    },
    SLOW,
  );

  const refusals: Array<[string[], RegExp]> = [
    [[], /^No command given/],
    [['frobnicate'], /^Unknown command "frobnicate"\. Commands: create-user, reset-password/],
    [['disable'], /^disable: --username is required\.$/],
    [['enable', '--username'], /^enable: Option '--username <value>' argument missing\.?$/],
    [['disable', '--usrname', 'meena'], /^disable: Unknown option '--usrname'\.$/],
    [['status', 'now'], /^status: Unexpected argument 'now'\.$/],
    [['create-user', '--username', 'x1'], /^create-user: --email is required\.$/],
    [['reset-password', '--username', 'meena'], /^reset-password: --password is required\.$/],
    [
      ['reset-password', '--username', 'meena', '--password', 'short'],
      /^Password must be 8 to 128 characters$/,
    ],
    [['disable', '--username', 'nobody-here'], /^There is no user called "nobody-here"$/],
  ];
  it(
    'refuses every bad argument with one clear line and a non-zero exit',
    async () => {
      const runs = await Promise.all(refusals.map(([args]) => admin(...args)));
      refusals.forEach(([args, message], i) => {
        const run = runs[i]!;
        expect({ args, failed: run.code !== 0, stdout: run.stdout }).toEqual({
          args,
          failed: true,
          stdout: '',
        });
        const lines = run.stderr.trim().split('\n');
        expect(lines[0]).toMatch(message);
        // The usage that follows "No command given" is the only second line.
        if (args.length > 0) expect(lines).toHaveLength(1);
      });
    },
    SLOW,
  );
});
