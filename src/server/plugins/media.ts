import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LocalDiskStorage } from '../storage/local-disk.ts';
import type { S3Storage } from '../storage/s3.ts';
import { isMediaKey, type MediaStorage } from '../storage/storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves stored media under /media/ from the same origin. Names change with content, so every
 * file is cached for a year; HTTP Range answers (206) let players seek and the service worker
 * cache parts of videos.
 *
 * On local disk the files are served directly. On an S3-compatible store the app proxies each
 * read, passing Range through to the store (docs/deploy.md, "Media reads: proxied"): the answers
 * stay same-origin, so the service worker's saved copies and the Content-Security-Policy work
 * as on a school box, and the bucket needs no CORS and no public access.
 */
export async function registerMedia(app: FastifyInstance, storage: MediaStorage): Promise<void> {
  if (storage instanceof LocalDiskStorage) {
    await app.register(fastifyStatic, {
      root: storage.directory,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      acceptRanges: true,
      cacheControl: false,
      // Uploads in progress live in .tmp/ and are never served.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      setHeaders(res) {
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      },
    });
    return;
  }
  registerProxiedMedia(app, storage as S3Storage);
}

function registerProxiedMedia(app: FastifyInstance, storage: S3Storage): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      if (!isMediaKey(key)) return notFound();
      const range = request.headers.range;
      let read;
      try {
        read = await storage.readRange(
          key,
          typeof range === 'string' && range.startsWith('bytes=') ? range : undefined,
        );
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) return notFound();
        if (status === 416) return reply.code(416).header('Accept-Ranges', 'bytes').send();
        throw err;
      }
      reply
        .code(read.status)
        .header('Cache-Control', IMMUTABLE)
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', read.contentType ?? 'application/octet-stream');
      if (read.length !== undefined) reply.header('Content-Length', read.length);
      if (read.contentRange) reply.header('Content-Range', read.contentRange);
      if (read.etag) reply.header('ETag', read.etag);
      if (read.lastModified) reply.header('Last-Modified', read.lastModified.toUTCString());
      if (request.method === 'HEAD') {
        read.body.destroy();
        return reply.send();
      }
      return reply.send(read.body);
    },
  });
}
