import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');

/** A file of src/ run as its own Node process through tsx, the way `npm start` runs the build. */
export function sourceCommand(file: string): string[] {
  return ['--import', 'tsx', path.join(root, file)];
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an operations command (`src/server/ops/*-main.ts`, what `npm run admin|backup|restore`
 * runs from the build) to its end with `env` as its whole environment (plus PATH).
 */
export function runOps(file: string, args: string[], env: Record<string, string>): RunResult {
  const run = spawnSync(process.execPath, [...sourceCommand(file), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The same, without blocking the test's event loop (for commands run while the test serves load). */
export function runOpsAsync(file: string, args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...sourceCommand(file), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface SourceServer {
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * The server (src/server/main.ts) as its own process with `env` as its whole environment; resolves
 * once it logs that it is serving (so it works the same for http and https). `built` runs the
 * production build instead (dist/server, with the built app in dist/client), as the journeys do.
 */
export async function startSourceServer(
  env: Record<string, string>,
  { built = false }: { built?: boolean } = {},
): Promise<SourceServer> {
  const entry = built ? [path.join(root, 'dist/server/server/main.js')] : sourceCommand('src/server/main.ts');
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', RENDITION_WORKERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('EduPortal is serving')) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
