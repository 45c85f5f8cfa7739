import os from 'node:os';
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

/** A whole number from `min` to `max`; positive by default. */
const wholeNumber = (fallback: number, max = 1_000_000_000, min = 1) =>
  z
    .string()
    .default(String(fallback))
    .transform((raw, ctx) => {
      const value = Number(raw);
      if (!/^\d+$/.test(raw) || value < min || value > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number from ${min} to ${max}, got "${raw}"`,
        });
        return z.NEVER;
      }
      return value;
    });
const positiveInt = (fallback: number, max?: number) => wholeNumber(fallback, max);

const MIB = 1024 * 1024;

const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

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
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(15 * 60, 24 * 3600),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30, 365),
  MAX_IMAGE_BYTES: positiveInt(5 * MIB),
  MAX_VIDEO_BYTES: positiveInt(200 * MIB),
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt(10),
  RATE_LIMIT_REGISTER_PER_HOUR: positiveInt(20),
  RATE_LIMIT_WRITES_PER_MINUTE: positiveInt(120),
  MEDIA_SWEEP_GRACE_SECONDS: positiveInt(3600, 7 * 24 * 3600),
  MEDIA_SWEEP_INTERVAL_MINUTES: positiveInt(60, 7 * 24 * 60),
  SHUTDOWN_GRACE_SECONDS: positiveInt(30, 3600),
  LINGER_SECONDS: positiveInt(5, 300),
  LINGER_BYTES: positiveInt(64 * MIB, 1024 * MIB),
  UPLOAD_EXPIRY_HOURS: positiveInt(24, 24 * 30),
  UNFINISHED_UPLOADS_PER_USER: positiveInt(5, 1000),
  FFMPEG_PATH: optional,
  FFPROBE_PATH: optional,
  RENDITION_WORKERS: wholeNumber(1, 16, 0),
  RENDITION_THREADS: positiveInt(2, 64),
  RENDITION_TIMEOUT_MINUTES: positiveInt(120, 24 * 60),
  JOB_LEASE_SECONDS: positiveInt(60, 3600),
  SEARCH_CACHE_SECONDS: wholeNumber(10, 3600, 0),
  ANSWER_CACHE_MB: wholeNumber(16, 1024, 0),
  INSTANCE_ID: optional.refine((v) => v === undefined || /^[\x21-\x7e]{1,64}$/.test(v), {
    message: 'must be 1 to 64 visible ASCII characters (it is sent in the X-Instance header)',
  }),
  REDIS_URL: optional.refine((v) => v === undefined || /^rediss?:\/\/.+/.test(v), {
    message: 'must be a redis:// or rediss:// URL, or unset to keep rate limits in this process',
  }),
  MIGRATE_AT_START: flag(true),
  DATABASE_PREPARED_STATEMENTS: flag(false),
  S3_ENDPOINT: optional.refine((v) => v === undefined || /^https?:\/\/.+/.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
  S3_BUCKET: optional,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag(true),
  TLS_CERT_FILE: optional,
  TLS_KEY_FILE: optional,
  HTTP_REDIRECT_PORT: optional.transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 1 || value > 65535) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number from 1 to 65535, got "${raw}"` });
      return z.NEVER;
    }
    return value;
  }),
});

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      connectionString: string;
      /** Named prepared statements (not behind PgBouncer in transaction mode before 1.21). */
      preparedStatements?: boolean;
    };

/** Media on an S3-compatible object store instead of DATA_DIR/media (docs/deploy.md). */
export interface S3Config {
  /** Unset for AWS itself; the store's URL otherwise (radosgw, MinIO, a fake in tests). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what stores other than AWS expect. */
  forcePathStyle: boolean;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  mediaDir: string;
  /** Resumable uploads in progress (tus): bytes and tus's metadata files. */
  uploadsDir: string;
  database: DatabaseConfig;
  clientDir: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: boolean;
  /** Signs access tokens; when unset, one is made at first start and kept in DATA_DIR. */
  sessionSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  maxImageBytes: number;
  maxVideoBytes: number;
  rateLimits: { loginPerMinute: number; registerPerHour: number; writesPerMinute: number };
  /** A stored file that no row names is deleted by the sweep once it is this old (docs/api.md, "Media"). */
  mediaSweepGraceSeconds: number;
  mediaSweepIntervalMinutes: number;
  /** How long a shutdown waits for requests in flight (uploads above all) before it gives up. */
  shutdownGraceSeconds: number;
  /**
   * After a body is refused before it was read (a 413), the rest of it is still read and thrown
   * away for at most this long and this many bytes, so that the client reads the answer instead
   * of a broken pipe (docs/api.md, "Every answer").
   */
  lingerSeconds: number;
  lingerBytes: number;
  /** An unfinished or unused resumable upload is removed this long after it was created. */
  uploadExpiryHours: number;
  /** How many resumable uploads one user may have open at once (429 beyond). */
  unfinishedUploadsPerUser: number;
  /** Renditions (docs/api.md, "Renditions"): which ffmpeg, how many jobs at once, how hard each works. */
  renditions: {
    ffmpegPath: string | undefined;
    ffprobePath: string | undefined;
    workers: number;
    threads: number;
    timeoutMinutes: number;
  };
  /** A job claim lasts this long without a heartbeat; then another process takes the job. */
  jobLeaseSeconds: number;
  /** How long a search's ranking is reused for the same words and page (0: never); docs/api.md, "Search". */
  searchCacheSeconds: number;
  /** How many MB of list answers are kept against the database's state (0: none); docs/api.md, "Caching". */
  answerCacheMb: number;
  /** Names this process in the X-Instance header of every answer (docs/api.md, "Instances"). */
  instanceId: string;
  /** Rate-limit counters in Redis, shared by every instance; unset keeps them in this process. */
  redisUrl: string | undefined;
  /** Whether start migrates the database (under a lock); false when `npm run migrate` is its own step. */
  migrateAtStart: boolean;
  /** Set when media live on an S3-compatible store. */
  s3: S3Config | undefined;
  /**
   * https from the server itself (docs/deploy.md, "https"): a PEM certificate chain and its key,
   * read at start and again on SIGHUP or when the files change. Unset serves plain http.
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** With `tls`, a plain-http port that answers every request with a redirect to https on PORT. */
  httpRedirectPort: number | undefined;
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
  const s3Named = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some((v) => v !== undefined);
  if (s3Named && !e.S3_BUCKET) {
    throw new ConfigError([
      'S3_BUCKET must be set when any other S3_ setting is (or unset them all for local disk)',
    ]);
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together']);
  }
  if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
    throw new ConfigError([
      'TLS_CERT_FILE and TLS_KEY_FILE must be set together (or neither, for plain http)',
    ]);
  }
  if (e.HTTP_REDIRECT_PORT !== undefined && e.TLS_CERT_FILE === undefined) {
    throw new ConfigError([
      'HTTP_REDIRECT_PORT redirects plain http to https, so it needs TLS_CERT_FILE and TLS_KEY_FILE',
    ]);
  }
  if (e.HTTP_REDIRECT_PORT !== undefined && e.HTTP_REDIRECT_PORT === e.PORT && e.PORT !== 0) {
    throw new ConfigError([`HTTP_REDIRECT_PORT must differ from PORT (both are ${e.PORT})`]);
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    uploadsDir: path.join(dataDir, 'uploads'),
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          connectionString: e.DATABASE_URL,
          ...(e.DATABASE_PREPARED_STATEMENTS ? { preparedStatements: true } : {}),
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'eduportal.sqlite') },
    clientDir: path.resolve(cwd, e.CLIENT_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionSecret: e.SESSION_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    maxImageBytes: e.MAX_IMAGE_BYTES,
    maxVideoBytes: e.MAX_VIDEO_BYTES,
    rateLimits: {
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      registerPerHour: e.RATE_LIMIT_REGISTER_PER_HOUR,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
    },
    mediaSweepGraceSeconds: e.MEDIA_SWEEP_GRACE_SECONDS,
    mediaSweepIntervalMinutes: e.MEDIA_SWEEP_INTERVAL_MINUTES,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    lingerSeconds: e.LINGER_SECONDS,
    lingerBytes: e.LINGER_BYTES,
    uploadExpiryHours: e.UPLOAD_EXPIRY_HOURS,
    unfinishedUploadsPerUser: e.UNFINISHED_UPLOADS_PER_USER,
    renditions: {
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      workers: e.RENDITION_WORKERS,
      threads: e.RENDITION_THREADS,
      timeoutMinutes: e.RENDITION_TIMEOUT_MINUTES,
    },
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    answerCacheMb: e.ANSWER_CACHE_MB,
    instanceId: e.INSTANCE_ID ?? `${os.hostname()}:${process.pid}`,
    redisUrl: e.REDIS_URL,
    migrateAtStart: e.MIGRATE_AT_START,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? { certFile: path.resolve(cwd, e.TLS_CERT_FILE), keyFile: path.resolve(cwd, e.TLS_KEY_FILE) }
        : undefined,
    httpRedirectPort: e.HTTP_REDIRECT_PORT,
  };
}
