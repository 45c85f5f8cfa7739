import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { ContactRepository } from './modules/contact/contact.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { ContactService } from './modules/contact/contact.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { IdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { SessionsRepository } from './modules/users/sessions.repository.ts';
import { SessionsService } from './modules/users/sessions.service.ts';
import { TokenSigner } from './modules/users/tokens.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerIdempotency, scheduleIdempotencyPurge } from './plugins/idempotency.ts';
import { registerMedia } from './plugins/media.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { registerUploads } from './plugins/uploads.ts';
import { LocalDiskStorage } from './storage/local-disk.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Pino options or false; tests pass false to keep their output readable. */
  logger?: boolean | { level: string };
}

/** The secret that signs access tokens: SESSION_SECRET, or one made once and kept in DATA_DIR. */
function sessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * Builds the whole server: cross-cutting plugins first, then every /api/v1 module. This file is
 * the table of contents of the API.
 */
export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storage = new LocalDiskStorage(config.mediaDir);
  const sessions = new SessionsService(
    new SessionsRepository(db.kysely),
    new TokenSigner(sessionSecret(config)),
    config,
  );
  const users = new UsersService(new UsersRepository(db.kysely), sessions, storage);
  const idempotency = new IdempotencyRepository(db.kysely);

  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  await registerMedia(app, storage.directory);
  const appFallback = await registerStaticApp(app, config.clientDir);
  registerErrorHandling(app, appFallback);

  const startedAt = Date.now();
  await app.register(
    async (api) => {
      await registerAuth(api, sessions);
      await registerRateLimits(api, config.rateLimits);
      registerIdempotency(api, idempotency);
      scheduleIdempotencyPurge(api, idempotency);
      await registerUploads(api, Math.max(config.maxImageBytes, config.maxVideoBytes));

      await api.register(healthRoutes, { ping: () => db.ping(), startedAt });
      await api.register(contactRoutes, { service: new ContactService(new ContactRepository(db.kysely)) });
      await api.register(usersRoutes, { prefix: '/users', users, sessions, storage, config });
    },
    { prefix: '/api/v1' },
  );

  return app;
}
