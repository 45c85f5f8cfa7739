// CPU time per request of `GET /videos` (signed in): the server process's, and on PostgreSQL the
// database backends' serving it, read from /proc before and after a fixed number of seconds of
// load. Unlike requests per second and p99, CPU per request barely moves when other work shares
// the cores, so two builds can be compared on a busy machine. With COMPARE_WITH naming another
// build's dist/server/server/main.js (e.g. a worktree of main), the two are measured in turns on
// the same seeded database. Set BENCH_DATABASE_URL for PostgreSQL too. Not part of npm test.
//   npx tsx bench/cpu-per-request.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, root } from '../scripts/lib/build.mjs';
import { SERVER_MAIN, serverEnv } from '../scripts/lib/services.mjs';
import type { DatabaseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { hashPassword } from '../src/server/modules/users/passwords.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { load } from './api.ts';
import { scratchDatabase, seed, smallSeed } from './seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const PASSWORD = 'cpu per request';
const TICKS_PER_SECOND = 100;

/** User plus system CPU of a process so far, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function backendPids(adminUrl: string | undefined, database: string): Promise<number[]> {
  if (!adminUrl) return [];
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function measure(main: string, config: DatabaseConfig, dataDir: string) {
  const port = await freePort();
  const env: Record<string, string> = {
    FFMPEG_PATH: '/nonexistent/ffmpeg',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    // The other build may not know this build's migrations: the database is migrated beforehand.
    MIGRATE_AT_START: 'false',
    // Every answer made, so that builds compare by the work of the list itself (a build that
    // does not know the setting ignores it).
    ANSWER_CACHE_MB: '0',
  };
  if (config.kind === 'postgres') env.DATABASE_URL = config.connectionString;
  const child = spawn(process.execPath, [main], {
    cwd: path.dirname(path.dirname(path.dirname(path.dirname(main)))),
    env: serverEnv(port, dataDir, env),
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/v1/healthcheck`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error(`${main} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'user1', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const headers = { authorization: `Bearer ${token}` };
    await load(`${url}/api/v1/videos`, { seconds: 2, headers, connections: CONNECTIONS });
    const backends =
      config.kind === 'postgres'
        ? await backendPids(
            process.env.BENCH_DATABASE_URL,
            new URL(config.connectionString).pathname.slice(1),
          )
        : [];
    const serverBefore = cpuMs(child.pid!);
    const dbBefore = backends.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const r = await load(`${url}/api/v1/videos`, { seconds: SECONDS, headers, connections: CONNECTIONS });
    const requests = r.rps * SECONDS;
    return {
      requests,
      serverUs: ((cpuMs(child.pid!) - serverBefore) * 1000) / requests,
      dbUs: ((backends.reduce((sum, pid) => sum + cpuMs(pid), 0) - dbBefore) * 1000) / requests,
      rps: r.rps,
      p99: r.p99,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function section(kind: DatabaseConfig['kind']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-cpu-'));
  const { config, drop } = await scratchDatabase(kind, dataDir, process.env.BENCH_DATABASE_URL);
  try {
    const db = openDatabase(config);
    await migrateToLatest(db);
    await seed(db.kysely, kind, smallSeed(100_000));
    await db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', 'u1')
      .execute();
    await db.close();
    const builds: Array<[string, string]> = [['this build', SERVER_MAIN]];
    if (process.env.COMPARE_WITH) builds.unshift(['compared build', path.resolve(process.env.COMPARE_WITH)]);
    process.stdout.write(
      `\n${kind}: GET /videos signed in, ${CONNECTIONS} connections, ${SECONDS} s a turn\n`,
    );
    process.stdout.write(
      '| build | round | req/s | p99 ms | server CPU µs/request | database CPU µs/request | load |\n',
    );
    process.stdout.write('| --- | ---: | ---: | ---: | ---: | ---: | --- |\n');
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, main] of builds) {
        const m = await measure(main, config, dataDir);
        process.stdout.write(
          `| ${name} | ${round} | ${Math.round(m.rps)} | ${m.p99} | ${Math.round(m.serverUs)} | ${kind === 'postgres' ? Math.round(m.dbUs) : '-'} | ${os.loadavg()[0]!.toFixed(1)} |\n`,
        );
      }
    }
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

buildIfStale({ only: 'server' });
process.chdir(root);
await section('sqlite');
if (process.env.BENCH_DATABASE_URL) await section('postgres');
