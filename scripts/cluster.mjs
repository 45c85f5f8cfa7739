// `npm run cluster`: a district on this machine (docs/deploy.md): PostgreSQL behind PgBouncer in
// transaction mode, Redis, Ceph's radosgw as S3, two app instances and nginx in front, all on
// 127.0.0.1 in a temp folder. Prints the URL; SIGTERM or Ctrl-C stops everything it started, by
// PID, and removes the folder (CLUSTER_KEEP=1 keeps it, for the logs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from './lib/build.mjs';
import { missingPackages, startCluster } from './lib/services.mjs';

const missing = missingPackages();
if (missing.length) {
  process.stderr.write(`The cluster needs Debian packages: apt-get install -y ${missing.join(' ')}\n`);
  process.exit(1);
}
buildIfStale();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-cluster-'));
fs.chmodSync(dir, 0o755);
const startedAt = Date.now();
/** Everything started so far, so that a SIGTERM while starting stops it too. */
const started = [];
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`cluster: ${signal}: stopping everything it started\n`);
  for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
  if (!process.env.CLUSTER_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

const cluster = await startCluster(dir, {
  instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
  log: (m) => process.stdout.write(`cluster: ${m}\n`),
  started,
}).catch((err) => {
  process.stderr.write(`cluster: failed to start: ${err.message}\n(logs in ${dir})\n`);
  process.exit(1);
});
fs.writeFileSync(
  path.join(dir, 'cluster.json'),
  JSON.stringify(
    {
      url: cluster.url,
      databaseUrl: cluster.pg.url,
      pgbouncerUrl: cluster.bouncer.url,
      redisUrl: cluster.redis.url,
      s3: { endpoint: cluster.rgw.endpoint, bucket: cluster.s3.bucket },
      apps: cluster.apps.map((a) => ({ name: a.name, url: a.url, pid: a.pid })),
      pids: cluster.started.flatMap((s) => s.pids ?? [s.pid]),
    },
    null,
    2,
  ),
);
process.stdout.write(
  `cluster: ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; state and logs in ${dir}\n` +
    `${cluster.url}\n`,
);
