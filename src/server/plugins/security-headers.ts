import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { LANGUAGE_BOOT_SCRIPT } from '../../shared/language.ts';

// index.html's one inline script, which puts the stored language on <html lang> before the
// first paint (src/shared/language.ts), allowed by its hash and nothing else inline.
const languageScript = `'sha256-${createHash('sha256').update(LANGUAGE_BOOT_SCRIPT).digest('base64')}'`;

/**
 * The build's hashed subresources (src/server/plugins/static-app.ts serves them under /assets/).
 * SVG is left out: opened on its own, a picture can be a document.
 */
const BUILT_SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css|woff2?|png|jpe?g|webp|avif)(?:[?#]|$)/;

/** Names a browser trusts over plain http (potentially trustworthy origins). */
const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Security headers for the app and the API. The policy allows only this origin: the app ships
 * its own scripts, styles, images and media, and talks only to /api/v1.
 *
 * Helmet's middleware is built once, here. The Fastify wrapper (@fastify/helmet) built it again
 * for every request, parsing and checking the whole policy each time: 9.6% of the server's CPU
 * while it answered `GET /videos` under load.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const secure = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", languageScript],
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
  app.addHook('onRequest', (request, reply, done) => {
    if (BUILT_SUBRESOURCE.test(request.url)) {
      // A script, style, font or picture of the build is never a page: the page's policy, framing
      // and isolation headers do nothing on it, and cost about 700 bytes on each of the ~75 files
      // a first visit loads, paid by the student. What still protects a subresource stays.
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      done();
      return;
    }
    secure(request.raw as IncomingMessage, reply.raw as ServerResponse, (err?: unknown) => {
      // A browser ignores Cross-Origin-Opener-Policy from an untrustworthy origin (plain http on
      // a network address: a school server without https) and logs an error on every page for
      // it; there it protects nothing, so it is not sent.
      if (request.protocol !== 'https' && !LOOPBACK.test(request.hostname)) {
        reply.raw.removeHeader('Cross-Origin-Opener-Policy');
      }
      done(err instanceof Error ? err : undefined);
    });
  });
}
