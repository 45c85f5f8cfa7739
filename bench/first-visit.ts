// A student's first visit as a cheap phone on a weak link makes it: 412x915, 400 ms round trip,
// 400 kbit/s both ways, a CPU four times slower, nothing cached, the service worker allowed (it
// installs during the visit, as it would for a real student, on the same paced link). Measured in real Chromium
// (playwright-core), the app beside a bare React "hello" page served by the same server process
// kind in the same run (the baseline).
// On its own: `npx tsx bench/first-visit.ts` (builds what is stale; FIRST_VISIT_RUNS for more runs
// than 3). FIRST_VISIT_ROOT=<another checkout> measures that checkout's build instead (its
// dist/ must be built), to compare two versions on the same machine in the same hour.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { buildIfStale, root as ownRoot } from '../scripts/lib/build.mjs';
import { findChromium } from '../scripts/lib/chromium.mjs';
import { serverEnv } from '../scripts/lib/services.mjs';
import { freePort } from '../tests/helpers/server-process.ts';
import { paceNewWorkers } from './worker-pace.ts';

const RUNS = Number(process.env.FIRST_VISIT_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** What "content shown" means per page: a visible element only the screen's content has. */
const CONTENT: Record<string, string> = {
  '/': 'main h2',
  '/dashbord': 'main .video-card-title',
  hello: 'h1',
};

export interface FirstVisit {
  name: string;
  /** From navigation start to the first frame that showed the page's content, ms. */
  contentMs: number;
  /** Bytes the service worker downloaded before the page was idle (load, then 2 s with no request of its own). */
  workerBytesBeforeIdle: number;
  /** Bytes the service worker downloaded within 40 s of the start. */
  workerBytes: number;
  /** Bytes the page itself downloaded until idle. */
  pageBytes: number;
}

/**
 * Runs in the page before anything else: the first animation frame in which the content
 * selector matches a visible box is the moment content was shown.
 */
const watchContent = (selector: string) => `(() => {
  const check = () => {
    const el = document.querySelector(${JSON.stringify(selector)});
    const box = el && el.getBoundingClientRect();
    if (el && box.width > 0 && box.height > 0 && (el.textContent || '').trim() !== '') {
      window.contentAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** The weak link: 400 ms round trip, 400 kbit/s both ways. */
const LINK = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** One cold visit; requests are told apart by who made them (the page or the service worker). */
async function visit(
  context: BrowserContext,
  url: string,
  selector: string,
): Promise<Omit<FirstVisit, 'name'>> {
  const page = await context.newPage();
  // A string, not a function: tsx's helpers would not exist in the page.
  await page.addInitScript(watchContent(selector));
  const cdp = await throttle(page);
  // The worker shares the same link: paced from its first line (worker-pace.ts).
  const workers = await paceNewWorkers(cdp, LINK);
  // The worker's own requests, read from its DevTools target.
  const workerRequests: Array<{ at: number; bytes: number }> = [];
  const pageRequests: Array<{ at: number; bytes: number }> = [];
  const start = Date.now();
  const sizes = new Map<string, number>();
  context.on('requestfinished', (request) => {
    void request.sizes().then(
      (s) => {
        const entry = { at: Date.now() - start, bytes: s.responseBodySize + s.responseHeadersSize };
        if (request.serviceWorker()) workerRequests.push(entry);
        else if (request.frame()?.page() === page) pageRequests.push(entry);
        sizes.set(request.url(), entry.bytes);
      },
      () => undefined,
    );
  });
  await page.goto(url, { timeout: 90_000, waitUntil: 'load' });
  const loadAt = Date.now() - start;
  await page.waitForFunction(
    () => (window as unknown as { contentAt?: number }).contentAt !== undefined,
    undefined,
    {
      timeout: 90_000,
      polling: 200,
    },
  );
  const contentMs = await page.evaluate(() => (window as unknown as { contentAt: number }).contentAt);
  // Idle: the load event, then 2 s in which the page asked for nothing.
  let idleAt = loadAt;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const last = Math.max(loadAt, ...pageRequests.map((r) => r.at));
    if (Date.now() - start - last >= 2000) {
      idleAt = last;
      break;
    }
    if (Date.now() - start > 90_000) break;
  }
  // The worker's background work gets the rest of 40 s.
  const left = 40_000 - (Date.now() - start);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  await cdp.detach().catch(() => undefined);
  await page.close();
  if (workerRequests.length > 0 && workers.paced() === 0)
    throw new Error(`the service worker of ${url} downloaded unpaced`);
  const ends = workerRequests.map((r) => r.at);
  process.stderr.write(
    `  ${workers.paced()} service worker(s) paced; ${ends.length} worker requests, ended ${ends.length ? Math.min(...ends) : 0} to ${ends.length ? Math.max(...ends) : 0} ms\n`,
  );
  const sum = (list: Array<{ bytes: number }>) => list.reduce((n, r) => n + r.bytes, 0);
  return {
    contentMs,
    workerBytesBeforeIdle: sum(workerRequests.filter((r) => r.at <= idleAt)),
    workerBytes: sum(workerRequests),
    pageBytes: sum(pageRequests.filter((r) => r.at <= idleAt)),
  };
}

/** A server for `checkout`'s build, on a free port with a throwaway data folder. */
async function startServer(checkout: string, staticDir?: string) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-first-visit-'));
  const env = serverEnv(port, dataDir, {
    LOG_LEVEL: 'warn',
    ...(staticDir ? { CLIENT_DIR: staticDir } : {}),
  }) as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, [path.join(checkout, 'dist/server/server/main.js')], {
    cwd: checkout,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server in ${checkout} exited at start`);
    const ok = await fetch(`${url}/api/v1/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server in ${checkout} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A student with two videos, signed in: the session cookies for /dashbord. */
type Cookie = { name: string; value: string; url: string };

async function signedInStudent(url: string): Promise<Cookie[]> {
  const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    username: 'firstvisit',
    email: 'first@school.example',
    fullName: 'First Visit',
    password: 'first visit password',
  }))
    form.append(k, v);
  form.append('avatar', new Blob([new Uint8Array(avatar)], { type: 'image/png' }), 'a.png');
  const registered = await fetch(`${url}/api/v1/users/register`, {
    method: 'POST',
    body: form,
    headers: { origin: url },
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'firstvisit', password: 'first visit password' }),
  });
  const cookieHeader = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .join('; ');
  const clip = fs.readFileSync(path.join(ownRoot, 'tests/fixtures/clip.webm'));
  for (const [title, colour] of [
    ['Fractions on a number line', '#246'],
    ['The water cycle', '#642'],
  ] as const) {
    const thumbnail = await sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const video = new FormData();
    video.append('title', title);
    video.append('description', 'A lesson for the first visit.');
    video.append('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/webm' }), 'clip.webm');
    video.append('thumbnail', new Blob([new Uint8Array(thumbnail)], { type: 'image/png' }), 't.png');
    const res = await fetch(`${url}/api/v1/videos`, {
      method: 'POST',
      body: video,
      headers: { cookie: cookieHeader, origin: url },
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
  return cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

/** A bare React page that renders one heading, built by this checkout's Vite. */
function helloDir(): string {
  const dir = path.join(ownRoot, '.tmp', 'bench-first-visit-hello');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<title>Hello</title></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n",
  );
  return dir;
}

/**
 * Medians of `RUNS` cold first visits to `/` and a signed-in `/dashbord` on each checkout's
 * build, and to the hello page, round by round so that the machine's drift hits all alike.
 */
export async function firstVisits(checkouts: Array<{ label: string; root: string }>): Promise<FirstVisit[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium was not found (see README.md, "Tests")');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const servers = await Promise.all(
    checkouts.map(async (c) => ({ ...c, server: await startServer(c.root) })),
  );
  // The hello page is built into a folder the production server serves as its client, so both
  // answer through the same code (compression, headers).
  const hello = helloDir();
  const built = spawnSync(
    process.execPath,
    [path.join(ownRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', 'dist'],
    { cwd: hello, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('building the hello page failed');
  // Compressed like the app's build, or the baseline would be slowed by its bytes alone.
  for (const entry of fs.readdirSync(path.join(hello, 'dist'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css|html)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
  const helloServer = await startServer(ownRoot, path.join(hello, 'dist'));
  try {
    const cookies = new Map<string, Cookie[]>();
    for (const s of servers) cookies.set(s.label, await signedInStudent(s.server.url));
    const targets: Array<{ name: string; url: string; selector: string; cookies?: Cookie[] }> = [
      { name: 'hello (React, bare)', url: `${helloServer.url}/`, selector: CONTENT.hello ?? 'h1' },
      ...servers.flatMap((s) => [
        { name: `${s.label} /`, url: `${s.server.url}/`, selector: CONTENT['/'] ?? '' },
        {
          name: `${s.label} /dashbord (signed in)`,
          url: `${s.server.url}/dashbord`,
          selector: CONTENT['/dashbord'] ?? '',
          ...(cookies.has(s.label) ? { cookies: cookies.get(s.label) } : {}),
        },
      ]),
    ];
    const runs = new Map<string, Array<Omit<FirstVisit, 'name'>>>(targets.map((t) => [t.name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const t of targets) {
        process.stderr.write(`first visit: ${t.name}\n`);
        const context = await browser.newContext({
          viewport: { width: 412, height: 915 },
          deviceScaleFactor: 2.625,
          isMobile: true,
          hasTouch: true,
        });
        if (t.cookies) await context.addCookies(t.cookies);
        runs.get(t.name)?.push(await visit(context, t.url, t.selector));
        await context.close();
      }
    }
    return targets.map((t) => {
      const list = runs.get(t.name) ?? [];
      return {
        name: t.name,
        contentMs: median(list.map((r) => r.contentMs)),
        workerBytesBeforeIdle: median(list.map((r) => r.workerBytesBeforeIdle)),
        workerBytes: median(list.map((r) => r.workerBytes)),
        pageBytes: median(list.map((r) => r.pageBytes)),
      };
    });
  } finally {
    await browser.close();
    await helloServer.stop();
    for (const s of servers) await s.server.stop();
  }
}

export function firstVisitTable(rows: FirstVisit[]): string[] {
  const hello = rows[0]?.contentMs ?? 1;
  const kb = (n: number) => (n / 1024).toFixed(0);
  return [
    '| page | content shown ms | of the hello page | page KB until idle | worker KB before idle | worker KB in 40 s |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.contentMs).toLocaleString('en')} | ${(r.contentMs / hello).toFixed(1)}x | ${kb(r.pageBytes)} | ${kb(r.workerBytesBeforeIdle)} | ${kb(r.workerBytes)} |`,
    ),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const other = process.env.FIRST_VISIT_ROOT;
  if (!other) buildIfStale();
  const checkouts = [{ label: 'this version', root: ownRoot }];
  if (other) checkouts.push({ label: path.basename(other), root: path.resolve(other) });
  const rows = await firstVisits(checkouts);
  process.stdout.write(`First visit (412x915, 400 ms, 400 kbit/s, 4x CPU, cold), median of ${RUNS}\n\n`);
  process.stdout.write(`${firstVisitTable(rows).join('\n')}\n`);
}
