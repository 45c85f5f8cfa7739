// Lighthouse (mobile) medians for the app's pages beside a bare React "hello" page, both built by
// the same Vite and served by the same static plugin in the same run.
// On its own: `npx tsx bench/lighthouse.ts` (builds what is stale, prints the table; set
// LIGHTHOUSE_RUNS for more runs than 3, LIGHTHOUSE_PAGES=/,/blog for fewer pages, and
// LIGHTHOUSE_REPORTS=<folder> to keep each run's full report).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { buildIfStale, root } from '../scripts/lib/build.mjs';
import { findChromium } from '../scripts/lib/chromium.mjs';
import { startServerProcess } from '../tests/helpers/server-process.ts';

export interface PageScore {
  name: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}
type Metrics = Omit<PageScore, 'name'>;

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/blog,/dashbord').split(',');
/** A folder to keep every run's full Lighthouse report in, to look into a score. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** A run that Lighthouse could not finish (e.g. NO_NAVSTART) is made again, this many times at most. */
const ATTEMPTS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A React page that renders one heading: the floor any React app starts from. */
function buildHello(): string {
  const dir = path.join(root, '.tmp', 'bench-hello');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<meta name="description" content="hello" /><title>Hello</title></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n",
  );
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', 'dist'],
    {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('building the hello page failed');
  return path.join(dir, 'dist');
}

/**
 * Whether the app's server sends its scripts compressed. The hello page must then be sent the
 * same way: a compressed app beside an uncompressed baseline would flatter the ratio.
 */
async function servesCompressed(appUrl: string): Promise<boolean> {
  const html = await (await fetch(`${appUrl}/`)).text();
  const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!script) return false;
  const res = await fetch(`${appUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  return Boolean(res.headers.get('content-encoding'));
}

async function serveStatic(dir: string, compressed: boolean) {
  if (compressed) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(js|css|html)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const body = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    }
  }
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir, preCompressed: compressed });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

/** One Lighthouse run; a run that failed (its score would read as 0) is made again. */
async function runOnce(port: number, url: string, extraHeaders?: Record<string, string>): Promise<Metrics> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (REPORTS) {
      fs.mkdirSync(REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${new URL(url).port}-${Date.now()}.json`;
      fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) {
      if (attempt < ATTEMPTS) continue;
      throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    return {
      score: lhr.categories.performance?.score ?? 0,
      fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      si: lhr.audits['speed-index']?.numericValue ?? 0,
    };
  }
}

const medians = (runs: Metrics[]): Metrics => ({
  score: median(runs.map((r) => r.score)),
  fcp: median(runs.map((r) => r.fcp)),
  lcp: median(runs.map((r) => r.lcp)),
  tbt: median(runs.map((r) => r.tbt)),
  cls: median(runs.map((r) => r.cls)),
  si: median(runs.map((r) => r.si)),
});

export async function lighthouseMedians(): Promise<{ hello: PageScore; rows: PageScore[] }> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('Chromium was not found (see README.md, "Tests")');
  const helloDir = buildHello();
  const server = await startServerProcess({ LOG_LEVEL: 'warn' });
  const hello = await servesCompressed(server.url)
    .then((compressed) => serveStatic(helloDir, compressed))
    .catch(async (err: unknown) => {
      await server.stop();
      throw err;
    });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    // A signed-in visitor for /dashbord: register and sign in, then send the session cookie.
    const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      username: 'lighthouse',
      email: 'lh@school.example',
      fullName: 'Light House',
      password: 'lighthouse password',
    }))
      form.append(k, v);
    form.append('avatar', new Blob([new Uint8Array(avatar)], { type: 'image/png' }), 'a.png');
    await fetch(`${server.url}/api/v1/users/register`, { method: 'POST', body: form });
    const login = await fetch(`${server.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lighthouse', password: 'lighthouse password' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const targets: Array<{ name: string; url: string; headers?: Record<string, string> }> = [
      { name: 'hello (React, bare)', url: `${hello.url}/` },
      ...PAGES.map((page) =>
        page === '/dashbord'
          ? { name: '/dashbord (signed in)', url: `${server.url}${page}`, headers: { Cookie: cookie } }
          : { name: page, url: `${server.url}${page}` },
      ),
    ];
    // Round by round, every page once per round: the machine's load drifts over a run, and the
    // ratio to the hello page only holds if both saw the same drift.
    const runs = new Map<string, Metrics[]>(targets.map((t) => [t.name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const t of targets) runs.get(t.name)?.push(await runOnce(chrome.port, t.url, t.headers));
    }
    const rows: PageScore[] = targets.map((t) => ({ name: t.name, ...medians(runs.get(t.name) ?? []) }));
    const helloScore = rows[0];
    if (!helloScore) throw new Error('no hello page measured');
    return { hello: helloScore, rows };
  } finally {
    chrome.kill();
    await server.stop();
    await hello.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildIfStale();
  const { hello, rows } = await lighthouseMedians();
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  process.stdout.write(`Lighthouse (mobile), median of ${RUNS} runs\n\n`);
  process.stdout.write(
    '| page | performance | FCP ms | LCP ms | TBT ms | CLS | SI ms | of the hello page |\n',
  );
  process.stdout.write('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n');
  for (const r of rows) {
    process.stdout.write(
      `| ${r.name} | ${fmt(r.score * 100)} | ${fmt(r.fcp)} | ${fmt(r.lcp)} | ${fmt(r.tbt)} | ${r.cls.toFixed(3)} | ${fmt(r.si)} | ${fmt((r.score / hello.score) * 100)}% |\n`,
    );
  }
}
