// PostgreSQL's list path with and without named prepared statements (DATABASE_PREPARED_STATEMENTS),
// on a direct connection: `GET /videos` req/s and p99 at 50 connections, each beside the other in
// the same run. Needs BENCH_DATABASE_URL (a role that may create databases). Not part of npm test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';
import { load, type LoadResult } from './api.ts';
import { scratchDatabase, seed, smallSeed, type SeedSizes } from './seed.ts';

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });

export async function preparedSection(
  say: (line?: string) => void,
  seconds = 6,
  sizes: SeedSizes,
): Promise<void> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-prepared-'));
  const { config, drop } = await scratchDatabase('postgres', dataDir, admin);
  try {
    const db = openDatabase(config);
    await migrateToLatest(db);
    await seed(db.kysely, 'postgres', sizes);
    await db.close();
    if (config.kind !== 'postgres') return;
    const results: Array<[string, LoadResult]> = [];
    for (const prepared of ['false', 'true', 'false', 'true']) {
      const server = await startServerProcess(
        {
          DATABASE_URL: config.connectionString,
          DATABASE_PREPARED_STATEMENTS: prepared,
          // The list alone: no renditions queued for the seeded videos, nor made meanwhile.
          FFMPEG_PATH: '/nonexistent/ffmpeg',
          // Every answer made, so the statements are what is measured (docs/api.md, "Caching").
          ANSWER_CACHE_MB: '0',
        },
        { dataDir },
      );
      try {
        const url = `${server.url}/api/v1/videos?page=1&limit=20`;
        await load(url, { seconds: 2 });
        results.push([prepared, await load(url, { seconds })]);
      } finally {
        await server.stop();
      }
    }
    say(
      `\nPostgreSQL list path, \`GET /videos\` on a direct connection, 50 connections, ${seconds} s, two rounds:\n`,
    );
    say('| prepared statements | req/s | p50 ms | p99 ms |');
    say('| --- | ---: | ---: | ---: |');
    for (const [prepared, r] of results)
      say(
        `| ${prepared === 'true' ? 'named' : 'unnamed (default)'} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`,
      );
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await preparedSection(
    (line = '') => process.stdout.write(`${line}\n`),
    Number(process.env.BENCH_SECONDS ?? 6),
    smallSeed(100_000),
  );
}
