// `npm run bench`: seeds a realistic data set into a throwaway database, starts the production
// server, and measures the API, media reads, the outbox drain and the client, each beside a
// baseline measured in the same run. Prints a table and writes docs/benchmarks.md.
// Set BENCH_DATABASE_URL (a PostgreSQL server where the role may create databases) to measure
// the API on PostgreSQL too. Not part of `npm test`.
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { buildIfStale, root } from '../scripts/lib/build.mjs';
import { routeSizes } from '../scripts/lib/size.mjs';
import { Outbox } from '../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../src/client/device/outbox/outbox-db.ts';
import type { DatabaseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { hashPassword } from '../src/server/modules/users/passwords.ts';
import { freePort, startServerProcess, type ServerProcess } from '../tests/helpers/server-process.ts';
import { load, type LoadResult } from './api.ts';
import { clusterSection } from './cluster.ts';
import { httpsSection } from './https.ts';
import { preparedSection } from './prepared.ts';
import { firstVisits, firstVisitTable } from './first-visit.ts';
import { lighthouseMedians } from './lighthouse.ts';
import { SEED_MEDIA, scratchDatabase, seed, type SeedSizes } from './seed.ts';
import { renditionsSection } from './renditions.ts';
import { savedVideosSection } from './saved-videos.ts';
import { captionsSection } from './captions.ts';
import { courseSaveSection } from './course-save.ts';
import { searchSection } from './search.ts';
import { uploadsSection } from './uploads.ts';

// BENCH_SCALE shrinks the data set for a quick trial of the script itself (e.g. 0.01).
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const FULL: SeedSizes = {
  users: 10_000,
  videos: 100_000,
  comments: 1_000_000,
  commentsOnV1: 10_000,
  tweets: 200_000,
  videoLikes: 600_000,
  commentLikes: 200_000,
  tweetLikes: 200_000,
  subscriptions: 50_000,
  history: 50_000,
  courses: 10_000,
};
const SIZES = Object.fromEntries(
  Object.entries(FULL).map(([k, v]) => [k, Math.max(k === 'users' ? 100 : 1, Math.round(v * SCALE))]),
) as unknown as SeedSizes;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
// BENCH_ONLY=api,search,uploads,renditions,saved,captions,course-save,cluster,https,client runs only those sections, for a quick look at one.
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
// BENCH_API_ROWS=courses measures only the API rows whose name holds one of these words, and leaves
// out the media, outbox and prepared-statement parts: a quick look at a few calls on both databases
// still pays for the full seed, but not for every other call.
const API_ROWS = process.env.BENCH_API_ROWS?.split(',').map((s) => s.trim());
const PASSWORD = 'benchmark password';
const lines: string[] = [];
const say = (line = '') => {
  process.stdout.write(`${line}\n`);
  lines.push(line);
};

async function prepareDatabase(kind: DatabaseConfig['kind'], dataDir: string) {
  const { config, drop } = await scratchDatabase(kind, dataDir, process.env.BENCH_DATABASE_URL);
  const db = openDatabase(config);
  await migrateToLatest(db);
  const started = Date.now();
  await seed(db.kysely, kind, SIZES);
  const seedSeconds = (Date.now() - started) / 1000;
  // A few users with a real password, to sign in as.
  const hash = await hashPassword(PASSWORD);
  await db.kysely.updateTable('users').set({ password_hash: hash }).where('id', 'in', ['u1', 'u2']).execute();
  await db.close();

  // The rows point at a few real files: an avatar, a thumbnail and a short clip.
  const media = path.join(dataDir, 'media');
  fs.mkdirSync(path.join(media, 'images'), { recursive: true });
  fs.mkdirSync(path.join(media, 'videos'), { recursive: true });
  await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3a7' } })
    .webp()
    .toFile(path.join(media, SEED_MEDIA.avatar));
  await sharp({ create: { width: 640, height: 360, channels: 3, background: '#f4a62a' } })
    .webp()
    .toFile(path.join(media, SEED_MEDIA.thumbnail));
  fs.copyFileSync(path.join(root, 'tests/fixtures/clip.webm'), path.join(media, SEED_MEDIA.video));
  return { config, seedSeconds, drop };
}

async function signIn(server: ServerProcess, username: string) {
  const res = await fetch(`${server.url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await res.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/** Reads the server's peak resident memory (VmHWM) from /proc, in MB. */
function peakRssMb(pid: number | undefined): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** The machine's 1-, 5- and 15-minute load averages: other work shares the cores, and says so here. */
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'yes' : '**no**');

/**
 * One call's load between two of the trivial route on the same server, right before and right
 * after it, the ratio to be taken to their mean: one measurement alone drifted by up to 2.6x
 * within a run (from 5,961 to 15,621 req/s on SQLite), which made a ratio mean little.
 */
async function besideTrivial(serverUrl: string, call: () => Promise<LoadResult>) {
  const before = await load(`${serverUrl}/api/v1/healthcheck`, { seconds: SECONDS });
  const r = await call();
  const after = await load(`${serverUrl}/api/v1/healthcheck`, { seconds: SECONDS });
  return { r, base: { before: before.rps, after: after.rps, rps: (before.rps + after.rps) / 2 } };
}

async function apiSection(kind: DatabaseConfig['kind'], label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-'));
  const { config, seedSeconds, drop } = await prepareDatabase(kind, dataDir);
  say(`\n## API on ${label}\n`);
  say(`Load average when this section started: ${loadNow()}.\n`);
  say(
    `Seeded ${fmt(SIZES.users)} users, ${fmt(SIZES.videos)} videos, ${fmt(SIZES.comments)} comments, ${fmt(SIZES.tweets)} tweets, ${fmt(SIZES.courses)} courses and ` +
      `${fmt(SIZES.videoLikes + SIZES.commentLikes + SIZES.tweetLikes)} likes in ${fmt(seedSeconds, 1)} s.`,
  );
  const env: Record<string, string> = {
    RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    // The API alone: no renditions are queued for the 100,000 seeded videos, nor made meanwhile
    // (the renditions section measures those).
    FFMPEG_PATH: '/nonexistent/ffmpeg',
  };
  if (config.kind === 'postgres') env.DATABASE_URL = config.connectionString;
  const server = await startServerProcess({ ...env, DATA_DIR: dataDir });
  const results: Array<{
    name: string;
    r: LoadResult;
    base: { before: number; after: number; rps: number };
    budget?: { p99: number; ratio: number };
  }> = [];
  try {
    const token = await signIn(server, 'user1');
    const auth = { authorization: `Bearer ${token}` };
    const deepPage = Math.max(1, Math.floor(SIZES.commentsOnV1 / 10) - 5);
    const endpoints: Array<{
      name: string;
      path: string;
      method?: 'POST';
      body?: string;
      budget?: { p99: number; ratio: number };
    }> = [
      { name: 'GET /videos', path: '/api/v1/videos', budget: { p99: 30, ratio: 0.4 } },
      {
        name: `GET /comments/v1?page=${deepPage} (deep)`,
        path: `/api/v1/comments/v1?page=${deepPage}&limit=10`,
        budget: { p99: 30, ratio: 0.4 },
      },
      // Search: a selective word (a few matches) and one that every seeded title has (all of them
      // match, so the count and the ranking read every match).
      { name: 'GET /videos?q=4242 (search, few matches)', path: '/api/v1/videos?q=4242' },
      { name: 'GET /videos?q=video (search, every video)', path: '/api/v1/videos?q=video' },
      { name: 'GET /tweets', path: '/api/v1/tweets' },
      // Courses: the first page and one in the middle of 10,000, signed in (progress included).
      { name: 'GET /courses', path: '/api/v1/courses' },
      {
        name: `GET /courses?page=${Math.ceil(SIZES.courses / 40)} (middle)`,
        path: `/api/v1/courses?page=${Math.ceil(SIZES.courses / 40)}`,
      },
      { name: 'GET /courses/k7 (five lessons)', path: '/api/v1/courses/k7' },
      // A course of ten lessons, all its owner's own videos (bench/seed.ts).
      { name: 'GET /courses/kx7 (ten lessons)', path: '/api/v1/courses/kx7' },
      { name: 'GET /courses?q=42 (search)', path: '/api/v1/courses?q=42' },
      { name: 'GET /users/c/user7', path: '/api/v1/users/c/user7' },
      { name: 'GET /dashboard/stats/u7', path: '/api/v1/dashboard/stats/u7' },
      {
        name: 'POST /likes/toggle/v/v9 {liked:true}',
        path: '/api/v1/likes/toggle/v/v9',
        method: 'POST',
        body: '{"liked":true}',
      },
    ];
    // Warm the server and the page cache.
    await load(`${server.url}/api/v1/videos`, { seconds: 2 });
    for (const e of endpoints.filter((row) => !API_ROWS || API_ROWS.some((w) => row.name.includes(w)))) {
      const { r, base } = await besideTrivial(server.url, () =>
        load(`${server.url}${e.path}`, {
          seconds: SECONDS,
          headers: { ...auth, ...(e.body ? { 'content-type': 'application/json' } : {}) },
          ...(e.method ? { method: e.method } : {}),
          ...(e.body ? { body: e.body } : {}),
        }),
      );
      results.push({ name: e.name, r, base, ...(e.budget ? { budget: e.budget } : {}) });
      process.stdout.write(
        `  ${e.name}: ${fmt(r.rps)} req/s, p99 ${r.p99} ms (trivial route ${fmt(base.before)} before, ${fmt(base.after)} after)\n`,
      );
    }
    // The list's answers are kept against the database's state (docs/api.md, "Caching"), and the
    // rows above write nothing while they read. Two more rows say what that is worth: the list
    // while a student's like is toggled every 50 ms (each moves the state, so answers are made
    // again), and the list on a second server that keeps no answers (the list's own cost).
    if (!API_ROWS || API_ROWS.some((w) => 'GET /videos'.includes(w))) {
      const liker = await signIn(server, 'user2');
      let writes = 0;
      let liked = false;
      const ticker = setInterval(() => {
        liked = !liked;
        void fetch(`${server.url}/api/v1/likes/toggle/v/v3`, {
          method: 'POST',
          headers: { authorization: `Bearer ${liker}`, 'content-type': 'application/json' },
          body: JSON.stringify({ liked }),
        }).then((res) => {
          if (res.ok) writes += 1;
        });
      }, 50);
      let wrote = 0;
      const { r, base } = await besideTrivial(server.url, async () => {
        const startedWrites = writes;
        try {
          return await load(`${server.url}/api/v1/videos`, { seconds: SECONDS, headers: auth });
        } finally {
          clearInterval(ticker);
          wrote = writes - startedWrites;
        }
      });
      results.push({
        name: `GET /videos, a like toggled every 50 ms meanwhile (${fmt(wrote / SECONDS, 1)} writes/s)`,
        r,
        base,
        budget: { p99: 30, ratio: 0.4 },
      });
      process.stdout.write(
        `  GET /videos with writes: ${fmt(r.rps)} req/s, p99 ${r.p99} ms (${wrote} writes)\n`,
      );

      const afresh = await startServerProcess({ ...env, ANSWER_CACHE_MB: '0', DATA_DIR: dataDir });
      try {
        const token2 = await signIn(afresh, 'user1');
        await load(`${afresh.url}/api/v1/videos`, { seconds: 2 });
        const { r: a, base: aBase } = await besideTrivial(afresh.url, () =>
          load(`${afresh.url}/api/v1/videos`, {
            seconds: SECONDS,
            headers: { authorization: `Bearer ${token2}` },
          }),
        );
        results.push({
          name: 'GET /videos, no answers kept (`ANSWER_CACHE_MB=0`, a second server)',
          r: a,
          base: aBase,
          budget: { p99: 30, ratio: 0.4 },
        });
        process.stdout.write(`  GET /videos, none kept: ${fmt(a.rps)} req/s, p99 ${a.p99} ms\n`);
      } finally {
        await afresh.stop();
      }
    }
    const rss = peakRssMb(server.child.pid);

    say(
      `\n50 connections, ${SECONDS} s per measurement; the trivial route (\`GET /healthcheck\`) measured right before and right after each, the ratio taken to their mean.\n`,
    );
    say(
      '| call | req/s | p50 ms | p99 ms | trivial req/s before / after | ratio | errors / non-2xx | budget met |',
    );
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const { name, r, base, budget } of results) {
      const ratio = r.rps / base.rps;
      const met = budget ? mark(r.p99 < budget.p99 && ratio >= budget.ratio) : 'n/a';
      say(
        `| ${name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${fmt(base.before)} / ${fmt(base.after)} | ${fmt(ratio * 100)}% | ${r.errors} / ${r.non2xx} | ${met} |`,
      );
    }
    say(`\nPeak server memory (RSS high-water mark) over the whole run: ${rss ?? 'unknown'} MB.`);
    say(
      'Budgets: `GET /videos` and the deep comment page under 30 ms at p99 and at least 40% of the trivial route; the two `GET /videos` rows after the first are judged by the same budget.',
    );

    if (kind === 'sqlite' && !API_ROWS) await mediaSection(server, dataDir);
    if (kind === 'sqlite' && !API_ROWS) await outboxSection(server);
  } finally {
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Ranged reads of a stored video beside a plain Node file stream of the same file and ranges. */
async function mediaSection(server: ServerProcess, dataDir: string) {
  const file = path.join(dataDir, 'media', SEED_MEDIA.video);
  const size = fs.statSync(file).size;
  const port = await freePort();
  const plain = http.createServer((req, res) => {
    const [startText, endText] = (req.headers.range ?? '').replace('bytes=', '').split('-');
    const start = Number(startText);
    const end = Math.min(Number(endText), size - 1);
    res.writeHead(206, {
      'content-type': 'video/webm',
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': end - start + 1,
    });
    fs.createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => plain.listen(port, '127.0.0.1', resolve));
  const range = { range: `bytes=0-${Math.min(size, 32 * 1024) - 1}` };
  try {
    const ours = await load(`${server.url}/media/${SEED_MEDIA.video}`, { seconds: SECONDS, headers: range });
    const bare = await load(`http://127.0.0.1:${port}/clip`, { seconds: SECONDS, headers: range });
    say('\n## Media\n');
    say(
      `Ranged reads (\`${range.range}\`, ${fmt(Math.min(size, 32 * 1024) / 1024, 0)} KB each) of one stored video, 50 connections.\n`,
    );
    say('| server | req/s | MB/s | p99 ms |');
    say('| --- | ---: | ---: | ---: |');
    const mb = (r: LoadResult) => fmt((r.rps * Math.min(size, 32 * 1024)) / 1024 / 1024, 1);
    say(
      `| EduPortal \`/media/...\` (Fastify static, Range) | ${fmt(ours.rps)} | ${mb(ours)} | ${ours.p99} |`,
    );
    say(`| plain Node \`fs.createReadStream\` server | ${fmt(bare.rps)} | ${mb(bare)} | ${bare.p99} |`);
    say(
      `\nRatio: ${fmt((ours.rps / bare.rps) * 100)}% of the plain file stream (EduPortal also sends cache, security and content-range headers).`,
    );
  } finally {
    plain.close();
  }
}

/** 1,000 queued actions (with coalescing) drained against the server. */
async function outboxSection(server: ServerProcess) {
  const token = await signIn(server, 'user2');
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const db = new OutboxDatabase(`bench-${randomUUID()}`);
  const outbox = new Outbox({
    db,
    baseUrl: server.url,
    fetch: counting,
    headers: () => ({ authorization: `Bearer ${token}` }),
    refresh: async () => false,
  });
  // Offline: nothing is sent while the queue fills.
  const offline = new Outbox({
    db,
    baseUrl: 'http://127.0.0.1:9',
    refresh: async () => false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  for (let i = 0; i < 1000; i++) {
    if (i % 2 === 0)
      await offline.enqueue({
        kind: 'like',
        target: 'v',
        targetId: `v${(i % 200) + 100}`,
        liked: i % 4 === 0,
      });
    else if (i % 5 === 1) await offline.enqueue({ kind: 'tweet.create', content: `Queued tweet ${i}` });
    else
      await offline.enqueue({
        kind: 'comment.create',
        videoId: `v${(i % 50) + 1}`,
        content: `Queued comment ${i}`,
      });
  }
  await offline.dispose();
  await db.entries.toCollection().modify({ notBefore: 0 });
  const queued = await db.entries.count();
  const started = performance.now();
  await outbox.drainSoon(true);
  await outbox.idle();
  const seconds = (performance.now() - started) / 1000;
  const left = await db.entries.count();
  await outbox.dispose();
  db.close();
  say('\n## Outbox\n');
  say(
    `1,000 actions queued offline (500 like taps on 200 videos, 100 tweets, 400 comments) coalesced to ${fmt(queued)} entries;`,
  );
  say(
    `draining them sent ${fmt(requests)} requests in ${fmt(seconds, 2)} s (${left} left). Budget: under 5 s: ${mark(seconds < 5 && left === 0)}.`,
  );
}

async function clientSection() {
  say('\n## Client\n');
  say('JavaScript and CSS (gzip) each route loads before it is interactive (`npm run size`):\n');
  say('| route | JS KB | CSS KB | budget KB | met |');
  say('| --- | ---: | ---: | ---: | --- |');
  for (const r of routeSizes()) {
    const budget = r.route === '/' ? 130 : 170;
    say(
      `| ${r.route} | ${fmt(r.jsBytes / 1024, 1)} | ${fmt(r.cssBytes / 1024, 1)} | ${budget} | ${mark(r.jsBytes <= budget * 1024)} |`,
    );
  }
  const lh = await lighthouseMedians();
  say(
    '\nLighthouse 12.8 (mobile, simulated slow 4G and a 4x slower CPU), median of 3 runs each, with a bare React',
  );
  say('"hello" page built with the same Vite and served the same way in the same run as the baseline:\n');
  say('| page | performance | FCP ms | LCP ms | TBT ms | of the hello page |');
  say('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of lh.rows) {
    const ratio = row.score / lh.hello.score;
    say(
      `| ${row.name} | ${fmt(row.score * 100)} | ${fmt(row.fcp)} | ${fmt(row.lcp)} | ${fmt(row.tbt)} | ${fmt(ratio * 100)}% |`,
    );
  }
  const home = lh.rows.find((r) => r.name === '/');
  if (home)
    say(
      `\nBudget: \`/\` at least 95% of the hello page's score: ${mark(home.score / lh.hello.score >= 0.95)}.`,
    );
  // A first visit as a student makes it, in real Chromium; BENCH_BASELINE_ROOT=<a checkout of an
  // earlier version, built> measures it beside this one in the same run.
  const baseline = process.env.BENCH_BASELINE_ROOT;
  const visits = await firstVisits([
    { label: 'this version', root },
    ...(baseline ? [{ label: path.basename(baseline), root: path.resolve(baseline) }] : []),
  ]);
  say(
    '\nFirst visit (`bench/first-visit.ts`): 412x915, 400 ms round trip, 400 kbit/s, a 4x slower CPU, nothing cached, the',
  );
  say(
    'service worker allowed; "content shown" is the first frame with the screen\'s own content (a heading of `/`, a video card of',
  );
  say(
    "`/dashbord`); the worker's bytes are counted until the page is idle (its load, then 2 s without a request of its own).\n",
  );
  for (const line of firstVisitTable(visits)) say(line);
  const visit = (name: string) => visits.find((v) => v.name === `this version ${name}`);
  const homeVisit = visit('/');
  const dashVisit = visit('/dashbord (signed in)');
  say(
    `\nBudgets: \`/\` content within 2.5 s: ${mark((homeVisit?.contentMs ?? Infinity) <= 2500)}; a signed-in \`/dashbord\` within 4.5 s: ${mark((dashVisit?.contentMs ?? Infinity) <= 4500)}; nothing downloaded by the worker before the page is idle: ${mark(visits.filter((v) => v.name.startsWith('this version')).every((v) => v.workerBytesBeforeIdle === 0))}.`,
  );
}

async function main() {
  const started = Date.now();
  buildIfStale();
  say('# Benchmarks');
  say(
    `\nMade by \`npm run bench\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  );
  say('Every figure stands beside a baseline measured in the same run, so ratios hold on a noisy machine.');
  say(`Load average (1, 5, 15 minutes) when the run started: ${loadNow()}.`);
  const part = (name: string) => ONLY === undefined || ONLY.includes(name);
  if (part('api')) {
    await apiSection('sqlite', 'SQLite');
    if (process.env.BENCH_DATABASE_URL) {
      await apiSection('postgres', 'PostgreSQL');
      if (!API_ROWS) await preparedSection(say, SECONDS, SIZES);
    } else say('\n(PostgreSQL not measured: set BENCH_DATABASE_URL.)');
  }
  if (part('search')) await searchSection(say, SECONDS, SCALE);
  if (part('uploads')) await uploadsSection(say);
  if (part('renditions')) await renditionsSection(say);
  if (part('saved')) await savedVideosSection(say);
  if (part('captions')) await captionsSection(say);
  if (part('course-save')) await courseSaveSection(say);
  if (part('cluster')) await clusterSection(say, SECONDS);
  if (part('https')) await httpsSection(say);
  if (part('client')) await clientSection();
  say(
    `\nThe whole run took ${fmt((Date.now() - started) / 60_000, 1)} minutes; load average at its end: ${loadNow()}.`,
  );
  if (ONLY !== undefined || API_ROWS !== undefined) {
    // A partial run prints its sections but leaves docs/benchmarks.md as the last full run wrote it.
    process.stdout.write('\n(BENCH_ONLY or BENCH_API_ROWS is set: docs/benchmarks.md not written)\n');
    return;
  }
  // What the numbers mean (causes of misses, as measured) is written by people, in
  // bench/findings.md, and kept beside each new table.
  const findings = path.join(root, 'bench/findings.md');
  if (fs.existsSync(findings)) say(`\n${fs.readFileSync(findings, 'utf8').trim()}`);
  fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), `${lines.join('\n')}\n`);
  process.stdout.write('\nwrote docs/benchmarks.md\n');
}

await main();
