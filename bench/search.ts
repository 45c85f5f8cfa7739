// "Search videos" (docs/api.md, "Search"): how well it ranks, and how fast it answers.
// - Relevance: the labelled catalogue of bench/search-labels.ts on each database, searched
//   through the server's own search module; nDCG@10 and mean reciprocal rank of the best answer,
//   and whether both databases gave the same order for every query.
// - Speed: on 100,000 seeded videos ("Video n", "About video n"), 50 connections, a word every
//   video holds, a rare word, two words and a typo, each beside the trivial route measured right
//   before and after it.
// `BENCH_ONLY=search npm run bench`; PostgreSQL too when BENCH_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { searchByWords } from '../src/server/db/search.ts';
import { storedWords } from '../src/server/db/words.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';
import { load, type LoadResult } from './api.ts';
import { CATALOGUE, QUERIES } from './search-labels.ts';
import { scratchDatabase, seed, smallSeed } from './seed.ts';

type Say = (line?: string) => void;
type Kind = DatabaseConfig['kind'];

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Discounted cumulative gain of the first 10 answers, over the best order there could be. */
export function ndcgAt10(answers: string[], grades: Map<string, number>): number {
  const gain = (g: number, i: number) => (2 ** g - 1) / Math.log2(i + 2);
  const dcg = answers.slice(0, 10).reduce((sum, key, i) => sum + gain(grades.get(key) ?? 0, i), 0);
  const ideal = [...grades.values()]
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, g, i) => sum + gain(g, i), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** 1 / the position of the first best answer (0 when none is in the first 10). */
export function reciprocalRank(answers: string[], best: string[]): number {
  const at = answers.slice(0, 10).findIndex((key) => best.includes(key));
  return at < 0 ? 0 : 1 / (at + 1);
}

async function relevance(kind: Kind, dir: string) {
  const { config, drop } = await scratchDatabase(kind, dir, process.env.BENCH_DATABASE_URL);
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const k = db.kysely;
    const start = Date.UTC(2026, 0, 1);
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    await k
      .insertInto('users')
      .values({
        id: 'teacher',
        username: 'teacher',
        email: 'teacher@school.example',
        full_name: 'Teacher',
        password_hash: 'x',
        avatar: 'a.webp',
        created_at: at(0),
        updated_at: at(0),
      })
      .execute();
    await k
      .insertInto('videos')
      .values(
        CATALOGUE.map(([id, title, description], i) => ({
          id,
          owner_id: 'teacher',
          title,
          description,
          title_words: storedWords(title),
          description_words: storedWords(description),
          video_file: 'videos/x.mp4',
          thumbnail: 'images/x.webp',
          duration: 60,
          created_at: at(i + 1),
          updated_at: at(i + 1),
        })),
      )
      .execute();
    const answers: string[][] = [];
    const suggestions: Array<string | undefined> = [];
    for (const { q } of QUERIES) {
      const page = await searchByWords(k as Kysely<unknown>, kind, 'videos', q, { limit: 10, offset: 0 });
      answers.push(page.ids);
      suggestions.push(page.suggestion);
    }
    return { answers, suggestions };
  } finally {
    await db.close();
    await drop();
  }
}

/**
 * Waits until the server has answered what was still queued when a load stopped (up to 50 slow
 * searches): the health check answers between two of them, so it is quick only once they are done.
 */
async function settled(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let quick = 0; quick < 3 && Date.now() < deadline;) {
    const started = performance.now();
    await (await fetch(`${url}/api/v1/healthcheck`)).arrayBuffer();
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function speed(kind: Kind, dir: string, seconds: number, videos: number) {
  const { config, drop } = await scratchDatabase(kind, dir, process.env.BENCH_DATABASE_URL);
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seed(db.kysely, kind, smallSeed(videos));
  await db.close();
  const rare = String(Math.max(1, Math.floor(videos * 0.04242)));
  const queries = [
    { name: 'a word every video holds', q: 'video' },
    { name: 'a rare word', q: rare },
    { name: 'two words', q: `video ${rare}` },
    { name: 'a typo (read as "video")', q: 'vidoe' },
  ];
  const rows: Array<{
    name: string;
    q: string;
    cache: string;
    total: number;
    r: LoadResult;
    base: number[];
    alone: number;
  }> = [];
  try {
    // Every search ranked afresh; a ranking reused 10 s; then as the server runs by default, the
    // answers also kept until a write (docs/api.md, "Caching"). The first two keep no answers, so
    // that they measure the search itself.
    for (const cache of ['0', '10', 'kept']) {
      const env: Record<string, string> = {
        LOG_LEVEL: 'warn',
        FFMPEG_PATH: '/nonexistent/ffmpeg',
        SEARCH_CACHE_SECONDS: cache === '0' ? '0' : '10',
        ...(cache === 'kept' ? {} : { ANSWER_CACHE_MB: '0' }),
      };
      if (config.kind === 'postgres') env.DATABASE_URL = config.connectionString;
      const server = await startServerProcess(env, { dataDir: dir });
      try {
        await load(`${server.url}/api/v1/videos?q=${rare}`, { seconds: 2 });
        for (const { name, q } of queries) {
          const url = `${server.url}/api/v1/videos?q=${encodeURIComponent(q)}`;
          const first = (await (await fetch(url)).json()) as { data: { totalDocs: number } };
          await settled(server.url);
          // One search at a time: what one costs, with nothing queued beside it.
          const alone: number[] = [];
          for (let i = 0; i < 15; i++) {
            const started = performance.now();
            await (await fetch(url)).arrayBuffer();
            alone.push(performance.now() - started);
          }
          alone.sort((x, y) => x - y);
          const before = await load(`${server.url}/api/v1/healthcheck`, { seconds });
          const r = await load(url, { seconds });
          await settled(server.url);
          const after = await load(`${server.url}/api/v1/healthcheck`, { seconds });
          rows.push({
            name,
            q,
            cache,
            total: first.data.totalDocs,
            r,
            base: [before.rps, after.rps],
            alone: alone[7]!,
          });
          process.stdout.write(
            `  search ${kind} ${name}, ${REUSE[cache]}: ${fmt(r.rps)} req/s, p99 ${r.p99} ms\n`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await drop();
  }
  return rows;
}

const REUSE: Record<string, string> = {
  '0': 'no (every search ranked), answers not kept',
  '10': 'the ranking 10 s, answers not kept',
  kept: 'the ranking 10 s, answers kept until a write (default)',
};

const kinds = (): Kind[] => (process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);
const label = (kind: Kind) => (kind === 'sqlite' ? 'SQLite' : 'PostgreSQL');

export async function searchSection(say: Say, seconds = 6, scale = 1): Promise<void> {
  say('\n## Search\n');
  await relevanceSection(say);
  await speedSection(say, seconds, scale);
}

export async function relevanceSection(say: Say): Promise<void> {
  say(
    `Relevance: ${CATALOGUE.length} lessons written for the measurement (English and Hindi, bench/search-labels.ts) and ` +
      `${QUERIES.length} queries a student might type (whole words, word beginnings, one typo, Hindi), each with its ` +
      "expected best answers (grade 3) and other useful ones (grade 1); searched through the server's own search module.\n",
  );
  say('| database | nDCG@10 | MRR | best answer first | queries with no answer |');
  say('| --- | ---: | ---: | ---: | ---: |');
  const byKind = new Map<Kind, string[][]>();
  for (const kind of kinds()) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-search-'));
    try {
      const { answers } = await relevance(kind, dir);
      byKind.set(kind, answers);
      let ndcg = 0;
      let rr = 0;
      let first = 0;
      let none = 0;
      QUERIES.forEach(({ best, also = [] }, i) => {
        const grades = new Map<string, number>([
          ...also.map((k) => [k, 1] as const),
          ...best.map((k) => [k, 3] as const),
        ]);
        const got = answers[i]!;
        ndcg += ndcgAt10(got, grades);
        rr += reciprocalRank(got, best);
        if (best.includes(got[0] ?? '')) first += 1;
        if (got.length === 0) none += 1;
      });
      const n = QUERIES.length;
      say(`| ${label(kind)} | ${fmt(ndcg / n, 3)} | ${fmt(rr / n, 3)} | ${first} of ${n} | ${none} |`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const [a, b] = kinds().map((k) => byKind.get(k)!);
  if (a && b) {
    const differ = QUERIES.filter((_, i) => JSON.stringify(a[i]) !== JSON.stringify(b[i])).map((x) => x.q);
    say(
      `\nThe same first 10 answers in the same order on both databases: ${differ.length === 0 ? 'yes, for every query' : `**no**: ${differ.join(', ')}`}.`,
    );
  }
  const some = byKind.get(kinds()[0]!)!;
  const misses = QUERIES.map((x, i) => ({ ...x, got: some[i]! })).filter(
    ({ best, got }) => !best.includes(got[0] ?? ''),
  );
  if (misses.length > 0) {
    say('\nQueries whose best answer was not first (what came first instead):\n');
    for (const m of misses)
      say(`- \`${m.q}\`: expected ${m.best.join(' or ')}, got ${m.got.slice(0, 3).join(', ') || 'nothing'}`);
  }
}

export async function speedSection(say: Say, seconds: number, scale: number): Promise<void> {
  const videos = Math.max(1000, Math.round(100_000 * scale));
  say(
    `\nSpeed: ${fmt(videos)} seeded videos ("Video n", "About video n"), 50 connections, ${seconds} s per measurement, the trivial route (\`GET /healthcheck\`) right before and after each; budget p99 under 50 ms.\n`,
  );
  say(
    '| database | query | reused | matches | one alone, median ms | req/s | p50 ms | p99 ms | trivial req/s before / after | ratio | errors / non-2xx | p99 under 50 ms |',
  );
  say('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const kind of kinds()) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-search-'));
    try {
      const rows = await speed(kind, dir, seconds, videos);
      for (const { name, q, cache, total, r, base, alone } of rows) {
        const ratio = r.rps / ((base[0]! + base[1]!) / 2);
        say(
          `| ${label(kind)} | ${name}: \`q=${q}\` | ${REUSE[cache]} | ${fmt(total)} | ${fmt(alone, 1)} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${fmt(base[0]!)} / ${fmt(base[1]!)} | ${fmt(ratio * 100)}% | ${r.errors} / ${r.non2xx} | ${r.p99 < 50 ? 'yes' : '**no**'} |`,
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await searchSection(
    (line = '') => process.stdout.write(`${line}\n`),
    Number(process.env.BENCH_SECONDS ?? 6),
    Number(process.env.BENCH_SCALE ?? 1),
  );
}
