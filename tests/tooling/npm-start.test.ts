import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, root } from '../../scripts/lib/build.mjs';
import { freePort } from '../helpers/server-process.ts';

/** The processes below `pid`, read from /proc: what a signal to `pid` must not leave behind. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const child of children.get(p) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    // A zombie has exited; it only waits for its parent to read its status.
    return !/^\S+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/v1/healthcheck`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const linux = process.platform === 'linux';

describe.skipIf(!linux)('npm start under a service manager (Linux: the test reads /proc)', () => {
  let npm: ChildProcess | undefined;
  let left: number[] = [];
  let dataDir: string | undefined;

  beforeAll(() => {
    // `npm start` builds what is stale; built here, the start below is quick.
    buildIfStale({ quiet: true });
  }, 300_000);

  afterEach(() => {
    for (const pid of left) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (npm?.exitCode === null) npm.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // SIGHUP: what npm passes to no one. SIGTERM and SIGINT: what npm passes to its shell only.
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s to npm stops the server: the port stops answering and no process of it remains',
    async (signal) => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-npm-start-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let output = '';
      npm = spawn('npm', ['start'], {
        cwd: root,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          RENDITION_WORKERS: '0',
          SHUTDOWN_GRACE_SECONDS: '10',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      npm.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      npm.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      await until('the server answering', () => answers(url), 60_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${output}`);
      });
      left = descendants(npm.pid!);
      // npm, the shell it runs the script in, and the server.
      expect(left.length, output).toBeGreaterThanOrEqual(1);

      process.kill(npm.pid!, signal);
      // Within the shutdown grace (10 s here), with room for a loaded machine.
      await until('the port to stop answering', async () => !(await answers(url)), 20_000);
      await until('every process of the server to end', () => left.every((pid) => !alive(pid)), 20_000).catch(
        (err: Error) => {
          throw new Error(`${err.message}: still running ${left.filter(alive).join(', ')}\n${output}`);
        },
      );
      expect(output).toContain('shutting down');
    },
    60_000,
  );
});
