// The cluster's entries of `npm run bench` (docs/deploy.md, "Measurements"), in one run on the
// local cluster (scripts/lib/services.mjs): PostgreSQL behind PgBouncer, Redis, radosgw, app
// instances and nginx.
// - GET /videos: requests per second and p99 with 1 and with 2 app instances behind nginx;
// - a revalidated list: bytes and time of a 304 beside the 200 it stands for;
// - media reads on S3: proxied through the app beside a presigned URL straight to the store.
// Runs alone with `npx tsx bench/cluster.ts`. Not part of `npm test`. Loopback only, bounded.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { buildIfStale } from '../scripts/lib/build.mjs';
import { missingPackages, rssKb, startCluster, startNginx } from '../scripts/lib/services.mjs';
import { openDatabase } from '../src/server/db/database.ts';
import { s3ClientConfig } from '../src/server/storage/s3.ts';
import { load } from './api.ts';
import { seed, smallSeed } from './seed.ts';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One request; answers the status, the bytes on the wire (status line, headers, body) and ms. */
function measure(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; bytes: number; ms: number; etag: string }>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { headers, agent: keepAlive }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        const headerBytes =
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length +
          res.rawHeaders.reduce((sum, h, i) => sum + h.length + (i % 2 === 0 ? 2 : 2), 0) +
          2;
        resolve({
          status: res.statusCode ?? 0,
          bytes: bytes + headerBytes,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          etag: String(res.headers.etag ?? ''),
        });
      });
    });
    req.on('error', reject);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function timeFetch(url: string, headers: Record<string, string> = {}) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes: body.length, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

export async function clusterSection(say: (line?: string) => void, seconds = 6): Promise<void> {
  const missing = missingPackages();
  if (missing.length) {
    say(`\n## Cluster\n\nSkipped: needs \`apt-get install -y ${missing.join(' ')}\`.`);
    return;
  }
  buildIfStale({ quiet: true, only: 'server' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-bench-cluster-'));
  fs.chmodSync(dir, 0o755);
  const started: Array<{ stop(): Promise<void> }> = [];
  try {
    const cluster = await startCluster(dir, {
      started,
      appEnv: { RATE_LIMIT_LOGIN_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000000' },
    });
    say('\n## Cluster (PostgreSQL behind PgBouncer, Redis, radosgw, nginx)\n');
    say(
      `Started in the same run: radosgw (mon + memstore OSD + radosgw) answered S3 after ` +
        `${fmt(cluster.rgw.startMs / 1000, 1)} s; its three daemons' resident memory: ` +
        `${fmt(cluster.rgw.pids.reduce((sum: number, pid: number) => sum + rssKb(pid), 0) / 1024)} MB.`,
    );

    const sizes = smallSeed(10_000);
    const db = openDatabase({ kind: 'postgres', connectionString: cluster.pg.url });
    await seed(db.kysely, 'postgres', sizes);
    await db.close();

    // One instance behind its own nginx, then both behind the cluster's.
    fs.mkdirSync(path.join(dir, 'single'), { recursive: true });
    const single = await startNginx(path.join(dir, 'single'), [cluster.apps[0].port]);
    started.push(single);
    const list = '/api/v1/videos?page=1&limit=20';
    await load(`${single.url}${list}`, { seconds: 2 });
    const one = await load(`${single.url}${list}`, { seconds });
    await load(`${cluster.url}${list}`, { seconds: 2 });
    const two = await load(`${cluster.url}${list}`, { seconds });
    say(
      `\n\`GET /videos\` (${fmt(sizes.videos)} videos), 50 connections, ${seconds} s each, through nginx:\n`,
    );
    say('| app instances | req/s | p50 ms | p99 ms | errors | non-2xx |');
    say('| ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [n, r] of [
      [1, one],
      [2, two],
    ] as const) {
      say(`| ${n} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} | ${r.non2xx} |`);
    }
    say(
      `\n2 instances give ${fmt(two.rps / one.rps, 2)}× the requests of 1. On this machine's 2 cores ` +
        'the instances share the cores with nginx, PgBouncer, PostgreSQL and the load generator, ' +
        'so a second instance adds no CPU: it only adds a second event loop to spread the JSON work over.',
    );

    // A revalidated list: 304 beside 200, sequential requests on one kept-alive connection.
    const first = await measure(`${cluster.url}${list}`);
    const full: number[] = [];
    const notModified: number[] = [];
    let bytes200 = 0;
    let bytes304 = 0;
    for (let i = 0; i < 200; i++) {
      const a = await measure(`${cluster.url}${list}`);
      const b = await measure(`${cluster.url}${list}`, { 'if-none-match': first.etag });
      if (a.status !== 200 || b.status !== 304)
        throw new Error(`expected 200 and 304, got ${a.status} ${b.status}`);
      full.push(a.ms);
      notModified.push(b.ms);
      bytes200 = a.bytes;
      bytes304 = b.bytes;
    }
    say('\nA list revalidated (`GET /videos?page=1&limit=20`, through nginx, median of 200 each):\n');
    say('| answer | bytes on the wire | median ms |');
    say('| --- | ---: | ---: |');
    say(`| 200 with the list | ${fmt(bytes200)} | ${fmt(median(full), 2)} |`);
    say(`| 304 Not Modified | ${fmt(bytes304)} | ${fmt(median(notModified), 2)} |`);
    say(
      `\nThe 304 is ${fmt((100 * bytes304) / bytes200, 1)}% of the bytes: on a school's shared ` +
        'link that is what counts. Its time is nearly the same: while nothing is written, both are ' +
        'the answer each instance keeps (docs/api.md, "Caching"), and otherwise the server reads the ' +
        'list again to hash it (the ETag is a hash of the body, so every instance agrees on it).',
    );

    // Media reads: proxied through the app (what the server does) beside a presigned URL.
    const s3 = new S3Client(
      s3ClientConfig({
        endpoint: cluster.rgw.endpoint,
        bucket: cluster.s3.bucket,
        region: 'us-east-1',
        accessKeyId: cluster.rgw.accessKeyId,
        secretAccessKey: cluster.rgw.secretAccessKey,
        forcePathStyle: true,
      }),
    );
    const key = 'videos/bench-20mb.mp4';
    const big = Buffer.alloc(20 * 1024 * 1024, 7);
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await s3.send(new PutObjectCommand({ Bucket: cluster.s3.bucket, Key: key, Body: big }));
    const presigned = await getSignedUrl(s3, new GetObjectCommand({ Bucket: cluster.s3.bucket, Key: key }), {
      expiresIn: 300,
    });
    const proxied = `${cluster.url}/media/${key}`;
    const rows: Array<[string, string, Record<string, string>]> = [
      ['whole 20 MB', proxied, {}],
      ['whole 20 MB', presigned, {}],
      ['1 MB range', proxied, { range: 'bytes=1048576-2097151' }],
      ['1 MB range', presigned, { range: 'bytes=1048576-2097151' }],
    ];
    say(
      '\nMedia on S3: a read proxied through the app (via nginx) beside a presigned URL to radosgw, median of 15:\n',
    );
    say('| read | way | median ms |');
    say('| --- | --- | ---: |');
    for (const [what, url, headers] of rows) {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) times.push((await timeFetch(url, headers)).ms);
      say(`| ${what} | ${url === proxied ? 'proxied' : 'presigned'} | ${fmt(median(times), 1)} |`);
    }
    s3.destroy();
    // The Range load: 20 connections reading 1 MB ranges for a few seconds, both ways.
    const rangeLoad = async (url: string) =>
      load(url, {
        connections: 20,
        seconds: Math.max(2, Math.floor(seconds / 2)),
        headers: { range: 'bytes=0-1048575' },
      });
    const viaApp = await rangeLoad(proxied);
    const direct = await rangeLoad(presigned);
    say('\n1 MB Range reads at 20 connections:\n');
    say('| way | req/s | p99 ms |');
    say('| --- | ---: | ---: |');
    say(`| proxied | ${fmt(viaApp.rps)} | ${fmt(viaApp.p99)} |`);
    say(`| presigned | ${fmt(direct.rps)} | ${fmt(direct.p99)} |`);
  } finally {
    for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await clusterSection(
    (line = '') => process.stdout.write(`${line}\n`),
    Number(process.env.BENCH_SECONDS ?? 6),
  );
}
