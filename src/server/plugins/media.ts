import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves stored media under /media/ from the same origin. Names change with content, so every
 * file is cached for a year; HTTP Range answers (206) let players seek and the service worker
 * cache parts of videos.
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    acceptRanges: true,
    cacheControl: false,
    // Uploads in progress live in .tmp/ and are never served.
    allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    },
  });
}
