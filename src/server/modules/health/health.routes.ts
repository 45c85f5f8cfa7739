import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, errorEnvelopeSchema } from '../../../shared/contracts/envelope.ts';
import { healthSchema } from '../../../shared/contracts/health.ts';
import { uploadLimitsSchema, type UploadLimits } from '../../../shared/contracts/limits.ts';
import { ok } from '../../envelope.ts';
import { AppError } from '../../errors.ts';
import { siteApi } from '../../../shared/endpoints/site.ts';

export interface HealthRoutesOptions {
  ping(): Promise<void>;
  startedAt: number;
  limits: UploadLimits;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, opts) => {
  app.get(
    siteApi.health.pattern,
    {
      schema: {
        summary: 'Whether the server and its database are ready',
        response: { 200: envelopeSchema(healthSchema), 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      try {
        await opts.ping();
      } catch (err) {
        request.log.error({ err }, 'health check: database did not answer');
        throw new AppError(503, 'The database is not reachable');
      }
      reply.header('Cache-Control', 'no-store');
      return ok(200, 'OK', {
        status: 'ok' as const,
        database: 'ready' as const,
        uptimeSeconds: Math.floor((Date.now() - opts.startedAt) / 1000),
      });
    },
  );

  app.get(
    siteApi.limits.pattern,
    {
      schema: {
        summary: 'The largest image and video this server takes, in bytes',
        response: { 200: envelopeSchema(uploadLimitsSchema) },
      },
    },
    async () => ok(200, 'Upload limits', opts.limits),
  );
};
