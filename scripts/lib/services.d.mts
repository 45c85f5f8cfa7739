import type { ChildProcess } from 'node:child_process';

/** Daemons are added as each starts, so that a stop while starting reaches them. */
export type Tracked = Array<{ stop(): Promise<void> }>;
export const NEEDED: Record<string, string>;
export function missingPackages(): string[];
export function freePort(): Promise<number>;
export function rssKb(pid: number): number;
export const SERVER_MAIN: string;
export function serverEnv(
  port: number,
  dataDir: string,
  env?: Record<string, string>,
): Record<string, string>;
export interface Daemon {
  name: string;
  pid: number;
  log: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}
export interface AppProcess extends Daemon {
  port: number;
  url: string;
  ready(): Promise<void>;
}
export function startApp(
  dir: string,
  name: string,
  env: Record<string, string>,
  options?: { port?: number; wait?: boolean; started?: Tracked },
): Promise<AppProcess>;
export function startNginx(
  dir: string,
  upstreams: number[],
  options?: { port?: number },
): Promise<Daemon & { port: number; url: string }>;
export function startRedis(dir: string, started?: Tracked): Promise<Daemon & { port: number; url: string }>;
export function startPostgres(
  dir: string,
  started?: Tracked,
): Promise<Daemon & { port: number; url: string }>;
export function startPgbouncer(
  dir: string,
  pg: { port: number },
): Promise<Daemon & { port: number; url: string }>;
export function startRadosgw(
  dir: string,
  started?: Tracked,
): Promise<{
  name: string;
  pids: number[];
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  startMs: number;
  stop(): Promise<void>;
}>;
export function ensureBucket(s3: {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<void>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the handles are described above
export function startCluster(dir: string, options?: Record<string, unknown>): Promise<any>;
