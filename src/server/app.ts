import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { CommentsRepository } from './modules/comments/comments.repository.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { CommentsService } from './modules/comments/comments.service.ts';
import { ContactRepository } from './modules/contact/contact.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { ContactService } from './modules/contact/contact.service.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { JobsRepository } from './jobs/jobs.repository.ts';
import { BackfillRunner } from './jobs/backfills.ts';
import { JobWorkers } from './jobs/worker.ts';
import { IdempotencyRepository } from './db/idempotency.repository.ts';
import { LikesRepository } from './modules/likes/likes.repository.ts';
import { likesRoutes } from './modules/likes/likes.routes.ts';
import { LikesService } from './modules/likes/likes.service.ts';
import { MediaJournal } from './modules/media/media-journal.ts';
import { MediaLibrary } from './modules/media/media-library.ts';
import { MediaRepository } from './modules/media/media.repository.ts';
import { findMediaTools } from './modules/renditions/media-tools.ts';
import { RenditionsRepository } from './modules/renditions/renditions.repository.ts';
import { RenditionsService } from './modules/renditions/renditions.service.ts';
import { SubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { TweetsRepository } from './modules/tweets/tweets.repository.ts';
import { tweetsRoutes } from './modules/tweets/tweets.routes.ts';
import { TweetsService } from './modules/tweets/tweets.service.ts';
import { SessionsRepository } from './modules/users/sessions.repository.ts';
import { SessionsService } from './modules/users/sessions.service.ts';
import { TokenSigner } from './modules/users/tokens.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { UploadsRepository } from './modules/uploads/uploads.repository.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { UploadsService } from './modules/uploads/uploads.service.ts';
import { VideosRepository } from './modules/videos/videos.repository.ts';
import { videosRoutes } from './modules/videos/videos.routes.ts';
import { VideosService } from './modules/videos/videos.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerHttpCache } from './plugins/http-cache.ts';
import { registerIdempotency, scheduleIdempotencyPurge } from './plugins/idempotency.ts';
import { registerInstanceHeader } from './plugins/instance.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerMedia } from './modules/media/media.routes.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { schedulePeriodic } from './plugins/periodic.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { registerUploads } from './plugins/uploads.ts';
import { openRedis, openSubscriber } from './redis.ts';
import { openStorage } from './storage/open.ts';
import { LocalDiskStorage } from './storage/local-disk.ts';
import { API_PREFIX } from '../shared/api-prefix.ts';

/** One route as it was declared: what a test that walks every route reads (`app.servedRoutes`). */
export interface ServedRoute {
  method: string;
  url: string;
  /** Whether the route declares a schema for its body (a JSON body); multipart routes do not. */
  bodySchema: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route, filled in as each is declared: a new route is in it by being declared. */
    servedRoutes: readonly ServedRoute[];
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Pino options or false; tests pass false to keep their output readable. */
  logger?: boolean | { level: string };
  /**
   * A certificate and key: the server then speaks HTTP/2 over TLS, and HTTP/1.1 over TLS to
   * clients that do not offer h2 in ALPN (docs/deploy.md, "https").
   */
  tls?: { cert: Buffer; key: Buffer };
}

/**
 * The secret that signs access tokens: SESSION_SECRET; else, on a school box (SQLite), one made
 * once and kept in DATA_DIR; on PostgreSQL, one made once by the first instance and kept in the
 * database, so that every instance sharing it checks the others' tokens (docs/deploy.md).
 */
async function sessionSecret(config: Config, db: Db): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  if (db.dialect === 'postgres') {
    await db.kysely
      .insertInto('server_secrets')
      .values({ name: 'session', value: randomBytes(48).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.kysely
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'session')
      .executeTakeFirstOrThrow();
    return row.value;
  }
  const file = path.join(config.dataDir, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Looks for ffmpeg once per setting: every test server would otherwise run it again. */
const toolsFound = new Map<string, ReturnType<typeof findMediaTools>>();

/**
 * Renditions (docs/api.md, "Renditions"): finds ffmpeg and says which one is used, starts this
 * process's job workers once the server is ready, and back-fills older videos after it listens.
 */
async function startRenditions(app: FastifyInstance, config: Config, db: Db, media: MediaLibrary) {
  const { ffmpegPath, ffprobePath } = config.renditions;
  const key = JSON.stringify([ffmpegPath, ffprobePath]);
  if (!toolsFound.has(key)) toolsFound.set(key, findMediaTools({ ffmpegPath, ffprobePath }));
  const { tools, notes } = await toolsFound.get(key)!;
  if (!tools) {
    app.log.warn(
      { notes },
      'renditions unavailable: no working ffmpeg (set FFMPEG_PATH); originals still play',
    );
  } else if (tools.origin === 'npm package') {
    app.log.warn(
      { ffmpeg: tools.ffmpeg, version: tools.version },
      'renditions use the ffmpeg inside the npm package, a 2018 build: install the system ffmpeg for a current one',
    );
  } else {
    app.log.info(
      { ffmpeg: tools.ffmpeg, origin: tools.origin, version: tools.version },
      'renditions use this ffmpeg',
    );
  }
  const jobs = new JobsRepository(db.kysely, db.dialect);
  const renditions = new RenditionsService(
    new RenditionsRepository(db.kysely),
    jobs,
    media,
    tools,
    {
      threads: config.renditions.threads,
      maxRunMs: config.renditions.timeoutMinutes * 60_000,
      maxAttempts: 3,
    },
    app.log,
  );
  const workers = new JobWorkers(jobs, renditions.handler, {
    concurrency: tools ? config.renditions.workers : 0,
    leaseMs: config.jobLeaseSeconds * 1000,
    workerId: `${os.hostname()}:${process.pid}`,
    log: app.log,
  });
  renditions.onQueued = () => workers.wake();
  // Nothing old is waited on at start: the workers start polling, and what older videos lack is
  // done in the background once the server listens, then looked at again now and then (a
  // finished back-fill costs one indexed read).
  const backfills = new BackfillRunner(db, renditions.backfills(db.dialect), { log: app.log });
  schedulePeriodic(app, {
    name: 'back-fills',
    everyMs: 10 * 60_000,
    atListen: true,
    run: async () => {
      const changed = await backfills.run();
      if (Object.values(changed).some((n) => n > 0)) workers.wake();
    },
  });
  app.addHook('onReady', async () => workers.start());
  app.addHook('onClose', () => workers.stop());
  return renditions;
}

/**
 * Builds the whole server: cross-cutting plugins first, then every /api/v1 module. This file is
 * the table of contents of the API.
 */
export async function buildApp({ config, db, logger, tls }: AppDeps): Promise<FastifyInstance> {
  // Typed as the HTTP/1 server the routes are written against: Node's HTTP/2 compatibility API
  // gives them the same request and response methods.
  const secure = tls ? { http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } } : {};
  const app = Fastify({
    ...(secure as object),
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const servedRoutes: ServedRoute[] = [];
  app.decorate('servedRoutes', servedRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      servedRoutes.push({ method, url: route.url, bodySchema: route.schema?.body !== undefined });
    }
  });
  registerJsonBody(app);

  const storage = await openStorage(config);
  const journal = new MediaJournal(db.kysely, config.instanceId, config.jobLeaseSeconds * 1000);
  const media = new MediaLibrary(storage, new MediaRepository(db.kysely), app.log, journal);
  const sessions = new SessionsService(
    new SessionsRepository(db.kysely),
    new TokenSigner(await sessionSecret(config, db)),
    config,
  );
  const usersRepo = new UsersRepository(db.kysely);
  const videosRepo = new VideosRepository(db.kysely, db.dialect, config.searchCacheSeconds);
  const users = new UsersService(usersRepo, sessions, media);
  const redis = config.redisUrl ? await openRedis(app, config.redisUrl) : undefined;
  // Resumable uploads on the bucket when media are there (loaded only then): docs/deploy.md.
  const bucketUploads =
    storage instanceof LocalDiskStorage
      ? undefined
      : new (await import('./modules/uploads/s3-uploads.ts')).BucketUploads(storage, {
          expirationMs: config.uploadExpiryHours * 3600_000,
          ...(redis ? { redis, subscriber: openSubscriber(app, redis) } : {}),
        });
  const uploads = new UploadsService(
    new UploadsRepository(db.kysely),
    config,
    app.log,
    undefined,
    bucketUploads,
  );
  const renditions = await startRenditions(app, config, db, media);
  const videos = new VideosService(videosRepo, usersRepo, media, renditions, uploads);
  const comments = new CommentsService(new CommentsRepository(db.kysely), videosRepo, storage);
  const likes = new LikesService(new LikesRepository(db.kysely), storage);
  const subscriptions = new SubscriptionsService(new SubscriptionsRepository(db.kysely), usersRepo, storage);
  const tweets = new TweetsService(new TweetsRepository(db.kysely), usersRepo, storage);
  const idempotency = new IdempotencyRepository(db.kysely);

  registerInstanceHeader(app, config.instanceId);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  await registerMedia(app, storage);
  const appFallback = await registerStaticApp(app, config.clientDir);
  registerErrorHandling(app, appFallback, {
    ms: config.lingerSeconds * 1000,
    bytes: config.lingerBytes,
  });
  // The sweep at start is main.ts's, before listening (docs/api.md, "Media").
  schedulePeriodic(app, {
    name: 'media sweep',
    everyMs: config.mediaSweepIntervalMinutes * 60_000,
    run: () => db.exclusive('media sweep', () => media.sweep(config.mediaSweepGraceSeconds * 1000)),
  });
  // This instance's lease, renewed well within its length; and the files of writers whose lease
  // ran out (a crashed instance), removed at once (docs/api.md, "The media invariants").
  schedulePeriodic(app, {
    name: 'media journal',
    everyMs: Math.max(1000, Math.floor((config.jobLeaseSeconds * 1000) / 3)),
    atReady: true,
    run: async () => {
      await journal.renew();
      await db.exclusive('media journal', async () => {
        await media.recover();
        await journal.forgetLeases();
      });
      await media.tidy();
    },
  });
  schedulePeriodic(app, {
    name: 'upload cleanup',
    everyMs: 15 * 60_000,
    atReady: true,
    run: () => db.exclusive('upload cleanup', () => uploads.cleanup()),
  });

  const startedAt = Date.now();
  await app.register(
    async (api) => {
      await registerAuth(api, sessions);
      registerHttpCache(api);
      await registerRateLimits(api, config.rateLimits, redis);
      registerIdempotency(api, idempotency);
      scheduleIdempotencyPurge(api, idempotency, db.exclusive);
      await registerUploads(api, Math.max(config.maxImageBytes, config.maxVideoBytes));

      await api.register(healthRoutes, {
        ping: () => db.ping(),
        startedAt,
        limits: { maxImageBytes: config.maxImageBytes, maxVideoBytes: config.maxVideoBytes },
      });
      await api.register(contactRoutes, { service: new ContactService(new ContactRepository(db.kysely)) });
      await api.register(usersRoutes, { prefix: '/users', users, sessions, storage, config });
      await api.register(videosRoutes, { prefix: '/videos', videos, storage, config });
      await api.register(uploadsRoutes, { prefix: '/uploads', uploads });
      await api.register(commentsRoutes, { prefix: '/comments', comments });
      await api.register(likesRoutes, { prefix: '/likes', likes });
      await api.register(subscriptionsRoutes, { prefix: '/subscriptions', subscriptions });
      await api.register(tweetsRoutes, { prefix: '/tweets', tweets });
      await api.register(dashboardRoutes, {
        prefix: '/dashboard',
        dashboard: new DashboardRepository(db.kysely),
        users: usersRepo,
      });
    },
    { prefix: API_PREFIX },
  );

  return app;
}
