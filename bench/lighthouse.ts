// Lighthouse (mobile) medians for the app's pages beside a bare React "hello" page, both built by
// the same Vite and served by the same static plugin in the same run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { root } from '../scripts/lib/build.mjs';
import { findChromium } from '../scripts/lib/chromium.mjs';
import { startServerProcess } from '../tests/helpers/server-process.ts';

export interface PageScore {
  name: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

const RUNS = 3;
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

async function serveStatic(dir: string) {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

async function measure(
  port: number,
  url: string,
  extraHeaders?: Record<string, string>,
): Promise<Omit<PageScore, 'name'>> {
  const runs: Array<Omit<PageScore, 'name'>> = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    runs.push({
      score: lhr.categories.performance?.score ?? 0,
      fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    });
  }
  return {
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
  };
}

export async function lighthouseMedians(): Promise<{ hello: PageScore; rows: PageScore[] }> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('Chromium was not found (see README.md, "Tests")');
  const hello = await serveStatic(buildHello());
  const server = await startServerProcess({ LOG_LEVEL: 'warn' });
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

    const helloScore = { name: 'hello (React, bare)', ...(await measure(chrome.port, `${hello.url}/`)) };
    const rows: PageScore[] = [helloScore];
    for (const page of ['/', '/blog'])
      rows.push({ name: page, ...(await measure(chrome.port, `${server.url}${page}`)) });
    rows.push({
      name: '/dashbord (signed in)',
      ...(await measure(chrome.port, `${server.url}/dashbord`, { Cookie: cookie })),
    });
    return { hello: helloScore, rows };
  } finally {
    chrome.kill();
    await server.stop();
    await hello.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
