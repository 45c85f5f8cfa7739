import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Collects every route's schema into an OpenAPI 3 description, served at /api/docs, and a page
 * to browse it at /api/docs/ui. The page's scripts and styles come from this server (the package
 * carries them), so it works on a school's network with no way out.
 */
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
  await app.register(swaggerUi, {
    routePrefix: '/api/docs/ui',
    // The page's own policy: everything from this server, as for the app (no validator badge
    // from swagger.io), with inline styles, which the viewer sets on its elements. No
    // upgrade-insecure-requests (the package's default): a school server on plain http would
    // have the page ask for its own scripts over https.
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; " +
      "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
  });
}
