import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/lib/build.mjs';
import { missingPackages, startCluster } from '../../scripts/lib/services.mjs';

/** What the cluster tests are given (inject('cluster')). */
export interface ClusterInfo {
  dir: string;
  url: string;
  databaseUrl: string;
  redisUrl: string;
  apps: Array<{ name: string; url: string; pid: number; port: number; log: string }>;
  appEnv: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterInfo;
  }
}

/** Starts the cluster once for every file, and stops all of it, by PID, at the end. */
export default async function setup(project: TestProject) {
  const missing = missingPackages();
  if (missing.length) throw new Error(`test:cluster needs: apt-get install -y ${missing.join(' ')}`);
  buildIfStale({ quiet: true, only: 'server' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-cluster-test-'));
  fs.chmodSync(dir, 0o755);
  const started: Array<{ stop(): Promise<void> }> = [];
  const cluster = await startCluster(dir, {
    started,
    // High limits: every test signs in from this machine. The rate-limit check starts its own
    // pair of instances with a low one.
    appEnv: {
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_REGISTER_PER_HOUR: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    },
  });
  const info: ClusterInfo = {
    dir,
    url: cluster.url,
    databaseUrl: cluster.pg.url,
    redisUrl: cluster.redis.url,
    apps: cluster.apps.map((a: ClusterInfo['apps'][number]) => ({
      name: a.name,
      url: a.url,
      pid: a.pid,
      port: a.port,
      log: a.log,
    })),
    appEnv: cluster.env,
  };
  project.provide('cluster', info);
  // The outbox model test runs through nginx against the cluster's database.
  process.env.OUTBOX_MODEL_URL = cluster.url;
  process.env.OUTBOX_MODEL_DATABASE_URL = cluster.pg.url;
  return async () => {
    for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
    if (!process.env.CLUSTER_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
}
