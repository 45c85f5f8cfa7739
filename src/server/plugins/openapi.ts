import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Collects every route's schema into an OpenAPI 3 description, served at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'EduPortal API',
        version: '1.0.0',
        description:
          'Every answer is the envelope { statusCode, success, message, data } (errors add `errors`). ' +
          'Sign in with POST /api/v1/users/login; send the access token as `Authorization: Bearer` or ' +
          'the accessToken cookie. Every write accepts an Idempotency-Key header.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}
