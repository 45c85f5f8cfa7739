// A first visit to a school server over https on a slow link: HTTP/2 against HTTP/1.1 on the
// same server, the same certificate and the same link, alternating, in the same run. The link
// adds 200 ms each way (a 400 ms round trip, a rural mobile link); its bandwidth is not limited,
// so what differs is the round trips each protocol needs. Run alone with BENCH_ONLY=https.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../scripts/lib/chromium.mjs';
import { hasOpenssl, issueCertificate, makeCa } from '../tests/helpers/certificates.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { startSourceServer } from '../tests/helpers/source-process.ts';

const NAME = 'school.test';
const ONE_WAY_MS = 200;
const RUNS = Number(process.env.BENCH_HTTPS_RUNS ?? 5);

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A TCP relay that holds every chunk for `delayMs` in each direction, in order; counts connections. */
async function delayLink(targetPort: number, delayMs: number) {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections += 1;
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      // Timers of one delay fire in the order they were set, so the bytes keep their order.
      from.on('data', (chunk: Buffer) => setTimeout(() => to.writable && to.write(chunk), delayMs));
      from.on('end', () => setTimeout(() => to.end(), delayMs));
      from.on('error', () => to.destroy());
      from.on('close', () => sockets.delete(from));
    }
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    port,
    takeConnections: () => {
      const n = connections;
      connections = 0;
      return n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function httpsSection(say: (line?: string) => void): Promise<void> {
  say('\n## https: HTTP/2 against HTTP/1.1 on a first visit\n');
  const executablePath = findChromium();
  if (!hasOpenssl || !executablePath) {
    say('(Not measured: needs openssl and Chromium.)');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-https-'));
  const ca = makeCa(path.join(dir, 'ca'));
  const certificate = issueCertificate(ca, NAME);
  const port = await freePort();
  const server = await startSourceServer(
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      TLS_CERT_FILE: certificate.certFile,
      TLS_KEY_FILE: certificate.keyFile,
    },
    { built: true },
  );
  const link = await delayLink(port, ONE_WAY_MS);
  const url = `https://${NAME}:${link.port}/`;
  const results: Record<
    'h2' | 'http/1.1',
    Array<{ ms: number; fcp: number; connections: number; bytes: number; requests: number }>
  > = {
    h2: [],
    'http/1.1': [],
  };
  try {
    for (let run = 0; run < RUNS * 2; run += 1) {
      const protocol = run % 2 === 0 ? 'h2' : 'http/1.1';
      const browser = await chromium.launch({
        executablePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-dev-shm-usage',
          '--disable-gpu',
          '--disable-background-networking',
          `--host-resolver-rules=MAP ${NAME} 127.0.0.1`,
          `--ignore-certificate-errors-spki-list=${ca.spki}`,
          ...(protocol === 'http/1.1' ? ['--disable-http2'] : []),
        ],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
        link.takeConnections();
        await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
        const timing = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          return {
            ms: nav.loadEventEnd - nav.startTime,
            protocols: [nav, ...resources].map((e) => e.nextHopProtocol),
            bytes: [nav, ...resources].reduce((sum, e) => sum + e.transferSize, 0),
            requests: resources.length + 1,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          };
        });
        // The protocol asked for is the one every request used.
        if (timing.protocols.some((p) => p !== protocol)) {
          throw new Error(`asked for ${protocol}, got ${[...new Set(timing.protocols)].join(', ')}`);
        }
        results[protocol].push({
          ms: timing.ms,
          fcp: timing.fcp,
          connections: link.takeConnections(),
          bytes: timing.bytes,
          requests: timing.requests,
        });
      } finally {
        await browser.close();
      }
    }
  } finally {
    await link.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  say(
    `The home page, first visit (empty cache, no service worker yet), over a link adding ${ONE_WAY_MS} ms each way (400 ms round trip), bandwidth not limited; Chromium, the same server and certificate, the two protocols alternating, median of ${RUNS} each:\n`,
  );
  say(
    '| protocol | first contentful paint, median ms | load event, median ms | load, each run ms | TCP connections | requests by load | bytes by load |',
  );
  say('| --- | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const protocol of ['h2', 'http/1.1'] as const) {
    const rows = results[protocol];
    say(
      `| ${protocol === 'h2' ? 'HTTP/2' : 'HTTP/1.1'} | ${fmt(median(rows.map((r) => r.fcp)))} | ${fmt(median(rows.map((r) => r.ms)))} | ${rows.map((r) => fmt(r.ms)).join(', ')} | ${fmt(median(rows.map((r) => r.connections)))} | ${fmt(median(rows.map((r) => r.requests)))} | ${fmt(median(rows.map((r) => r.bytes)))} |`,
    );
  }
  const ratio = (key: 'ms' | 'fcp') =>
    fmt((median(results.h2.map((r) => r[key])) / median(results['http/1.1'].map((r) => r[key]))) * 100);
  say(
    `\nOn this link HTTP/2 takes ${ratio('fcp')}% of HTTP/1.1's time to the first paint and ${ratio('ms')}% to the load event, with the requests each had fetched by then in the table (the same page; the two load events do not cover the same work).`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await httpsSection((line = '') => process.stdout.write(`${line}\n`));
}
