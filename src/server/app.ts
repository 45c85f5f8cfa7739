import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { ContactRepository } from './modules/contact/contact.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { ContactService } from './modules/contact/contact.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticApp } from './plugins/static-app.ts';

export interface AppDeps {
  config: Pick<Config, 'clientDir' | 'logLevel' | 'trustProxy'>;
  db: Db;
  /** Pino options or false; tests pass false to keep their output readable. */
  logger?: boolean | { level: string };
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

  await registerSecurityHeaders(app);
  const appFallback = await registerStaticApp(app, config.clientDir);
  registerErrorHandling(app, appFallback);

  const startedAt = Date.now();
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: () => db.ping(), startedAt });
      await api.register(contactRoutes, {
        service: new ContactService(new ContactRepository(db.kysely)),
      });
    },
    { prefix: '/api/v1' },
  );

  return app;
}
