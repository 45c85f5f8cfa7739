import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for the app and the API. The policy allows only this origin: the app ships
 * its own scripts, styles, images and media, and talks only to /api/v1.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", 'https://api.emailjs.com'], // the contact form's e-mail provider, when configured
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: a school server on plain http over the LAN must keep
        // working, and the directive would rewrite its own requests to https.
      },
    },
    // Only meaningful behind https; harmless otherwise, so keep helmet's default.
    crossOriginEmbedderPolicy: false,
  });
}
