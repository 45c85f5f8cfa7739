import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((raw, ctx) => {
      const value = Number(raw);
      if (!/^\d+$/.test(raw) || value < 0 || value > 65535) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from 0 to 65535, got "${raw}"` });
        return z.NEVER;
      }
      return value;
    });

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], {
      error: (issue) => `must be true or false, got "${String(issue.input)}"`,
    })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  PORT: port(8080),
  DATA_DIR: z.string().min(1, 'must not be empty').default('data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\/.+/.test(v), {
      message: 'must be a postgres:// or postgresql:// URL, or unset for the embedded SQLite database',
    }),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TRUST_PROXY: flag(false),
});

export type DatabaseConfig =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; connectionString: string };

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  mediaDir: string;
  database: DatabaseConfig;
  clientDir: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment into a typed configuration, or throws a ConfigError that names every bad
 * variable at once, so that one start tells an operator all that needs fixing.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', connectionString: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'eduportal.sqlite') },
    clientDir: path.resolve(cwd, e.CLIENT_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}
