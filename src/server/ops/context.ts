import { ConfigError, loadConfig, type Config } from '../config.ts';

/** A bad argument or setting: the command prints its one line and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A command that could not do what it was asked: one line, exit 1. */
export class OpsError extends Error {
  override name = 'OpsError';
}

/** Where a command writes what it did (stdout in a terminal; a buffer in tests). */
export type Print = (line: string) => void;

/** The server's own configuration, so a command works on the data the server uses. */
export function opsConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.problems.join('; '));
    throw err;
  }
}

/** "1.2 GB": sizes for a person; `--json` gives the bytes. */
export function humanBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}
