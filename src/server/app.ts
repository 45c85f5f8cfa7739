import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { CaptionsRepository } from './modules/captions/captions.repository.ts';
import { captionsRoutes } from './modules/captions/captions.routes.ts';
import { CaptionsService } from './modules/captions/captions.service.ts';
import { CommentsRepository } from './modules/comments/comments.repository.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { CommentsService } from './modules/comments/comments.service.ts';
import { ContactRepository } from './modules/contact/contact.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { ContactService } from './modules/contact/contact.service.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { IdempotencyRepository } from './db/idempotency.repository.ts';
import { ServerSecretsRepository } from './db/server-secrets.repository.ts';
import { LikesRepository } from './modules/likes/likes.repository.ts';
import { likesRoutes } from './modules/likes/likes.routes.ts';
import { LikesService } from './modules/likes/likes.service.ts';
import { MediaJournal } from './modules/media/media-journal.ts';
import { MediaLibrary } from './modules/media/media-library.ts';
import { MediaRepository } from './modules/media/media.repository.ts';
import { scheduleMediaUpkeep } from './modules/media/media.upkeep.ts';
import { startRenditions } from './modules/renditions/renditions.start.ts';
import { SubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { TweetsRepository } from './modules/tweets/tweets.repository.ts';
import { tweetsRoutes } from './modules/tweets/tweets.routes.ts';
import { TweetsService } from './modules/tweets/tweets.service.ts';
import { CoursesRepository } from './modules/courses/courses.repository.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { CoursesService } from './modules/courses/courses.service.ts';
import { ProgressRepository } from './modules/progress/progress.repository.ts';
import { progressRoutes } from './modules/progress/progress.routes.ts';
import { ProgressService } from './modules/progress/progress.service.ts';
import { QuizRepository } from './modules/quiz/quiz.repository.ts';
import { quizRoutes } from './modules/quiz/quiz.routes.ts';
import { QuizService } from './modules/quiz/quiz.service.ts';
import { SessionsRepository } from './modules/users/sessions.repository.ts';
import { SessionsService } from './modules/users/sessions.service.ts';
import { TokenSigner } from './modules/users/tokens.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { UploadsRepository } from './modules/uploads/uploads.repository.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { scheduleUploadCleanup } from './modules/uploads/uploads.upkeep.ts';
import { UploadsService } from './modules/uploads/uploads.service.ts';
import { VideosRepository } from './modules/videos/videos.repository.ts';
import { videosRoutes } from './modules/videos/videos.routes.ts';
import { VideosService } from './modules/videos/videos.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerHttpCache } from './plugins/http-cache.ts';
import { registerAnswerCache } from './plugins/answer-cache.ts';
import { registerIdempotency, scheduleIdempotencyPurge } from './plugins/idempotency.ts';
import { registerInstanceHeader } from './plugins/instance.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerMedia } from './modules/media/media.routes.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRouteList } from './plugins/route-list.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { registerUploads } from './plugins/uploads.ts';
import { openRedis, openSubscriber } from './redis.ts';
import { openStorage } from './storage/open.ts';
import { API_PREFIX } from '../shared/api-prefix.ts';

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
  registerRouteList(app);
  registerJsonBody(app);

  const storage = await openStorage(config);
  const journal = new MediaJournal(db.kysely, config.instanceId, config.jobLeaseSeconds * 1000);
  const media = new MediaLibrary(storage, new MediaRepository(db.kysely), app.log, journal);
  const sessions = new SessionsService(
    new SessionsRepository(db.kysely),
    new TokenSigner(await new ServerSecretsRepository(db, config.dataDir).session(config.sessionSecret)),
    config,
  );
  const usersRepo = new UsersRepository(db.kysely);
  const videosRepo = new VideosRepository(db.kysely, db.dialect, config.searchCacheSeconds);
  const users = new UsersService(usersRepo, sessions, media);
  const redis = config.redisUrl ? await openRedis(app, config.redisUrl) : undefined;
  // Resumable uploads on the bucket when media are there (loaded only then): docs/deploy.md.
  const bucketUploads =
    storage.place.kind === 'disk'
      ? undefined
      : new (await import('./modules/uploads/s3-uploads.ts')).BucketUploads(storage.place.store, {
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
  const captions = new CaptionsService(new CaptionsRepository(db.kysely), videosRepo, media);
  const quiz = new QuizService(new QuizRepository(db.kysely), videosRepo);
  const comments = new CommentsService(new CommentsRepository(db.kysely), videosRepo, storage);
  const likes = new LikesService(new LikesRepository(db.kysely), storage);
  const subscriptions = new SubscriptionsService(new SubscriptionsRepository(db.kysely), usersRepo, storage);
  const tweets = new TweetsService(new TweetsRepository(db.kysely), usersRepo, storage);
  const progress = new ProgressService(new ProgressRepository(db.kysely), videos);
  const courses = new CoursesService(
    new CoursesRepository(db.kysely, db.dialect, config.searchCacheSeconds),
    usersRepo,
    videos,
    progress,
    media,
  );
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
  scheduleMediaUpkeep(app, { db, media, journal, config });
  scheduleUploadCleanup(app, db, uploads);

  const startedAt = Date.now();
  await app.register(
    async (api) => {
      await registerAuth(api, sessions);
      registerHttpCache(api);
      await registerRateLimits(api, config.rateLimits, redis);
      registerIdempotency(api, idempotency);
      scheduleIdempotencyPurge(api, idempotency, db.exclusive);
      await registerUploads(api, Math.max(config.maxImageBytes, config.maxVideoBytes));
      // Before the routes (its hooks go on those declaring keepAnswers); the HTTP cache hands it
      // each answer with its ETag.
      registerAnswerCache(api, {
        readState: () => db.readState(),
        maxBytes: config.answerCacheMb * 1024 * 1024,
      });

      await api.register(healthRoutes, {
        ping: () => db.ping(),
        startedAt,
        limits: { maxImageBytes: config.maxImageBytes, maxVideoBytes: config.maxVideoBytes },
      });
      await api.register(contactRoutes, { service: new ContactService(new ContactRepository(db.kysely)) });
      await api.register(usersRoutes, { users, sessions, storage, config });
      await api.register(videosRoutes, { videos, storage, config });
      await api.register(captionsRoutes, { captions, storage });
      await api.register(quizRoutes, { quiz });
      await api.register(uploadsRoutes, { uploads });
      await api.register(commentsRoutes, { comments });
      await api.register(likesRoutes, { likes });
      await api.register(subscriptionsRoutes, { subscriptions });
      await api.register(tweetsRoutes, { tweets });
      await api.register(coursesRoutes, { courses, storage, config });
      await api.register(progressRoutes, { progress });
      await api.register(dashboardRoutes, {
        dashboard: new DashboardRepository(db.kysely),
        users: usersRepo,
      });
    },
    { prefix: API_PREFIX },
  );

  return app;
}
