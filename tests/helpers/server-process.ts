import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_MAIN, freePort, serverEnv } from '../../scripts/lib/services.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Sends `signal` and resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export { freePort };

/**
 * Starts the built production server (dist/server) as its own process, on a free port with a
 * throwaway data folder (or `dataDir`, to start again on what a stopped one left), and waits until
 * its health check answers.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-e2e-')) }: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    env: serverEnv(port, dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/healthcheck`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    child,
    output: () => output,
    stop(signal = 'SIGTERM') {
      const started = Date.now();
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve({ code: child.exitCode, ms: 0 });
        child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
        child.kill(signal);
      });
    },
  };
}
