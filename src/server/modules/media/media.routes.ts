import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { smallerImage } from './images.ts';
import type { S3Storage } from '../../storage/s3.ts';
import { isMediaKey, type MediaStorage } from '../../storage/storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Types named by the key's extension rather than taken from the store, so a file is answered with
 * its type on any store: caption tracks as `text/vtt; charset=utf-8`, the type players and the
 * browser's track element need. (On local disk the static handler names the same type for
 * `.vtt`, from its own table.)
 */
const TYPES_BY_EXTENSION: Record<string, string> = { vtt: 'text/vtt; charset=utf-8' };
const typeByExtension = (key: string): string | undefined =>
  TYPES_BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1)];

/**
 * Serves stored media under /media/ from the same origin. Names change with content, so every
 * file is cached for a year; HTTP Range answers (206) let players seek and the service worker
 * cache parts of videos.
 *
 * On local disk the files are served directly. On an S3-compatible store the app proxies each
 * read, passing Range through to the store (docs/deploy.md, "Media reads: proxied"): the answers
 * stay same-origin, so the service worker's saved copies and the Content-Security-Policy work
 * as on a school box, and the bucket needs no CORS and no public access.
 *
 * On local disk, a request for an image with `Save-Data: on` (the phone's data saver, or the
 * app's, through its service worker) is answered with a smaller copy, made from the stored one on
 * first demand and kept in memory; every image answer says `Vary: Save-Data`, so no cache hands
 * one to the other. On S3 the stored image is served as it is (docs/deploy.md).
 */
export async function registerMedia(app: FastifyInstance, storage: MediaStorage): Promise<void> {
  const place = storage.place;
  if (place.kind === 'disk') {
    registerSmallerImages(app, place.directory);
    await app.register(fastifyStatic, {
      root: place.directory,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      acceptRanges: true,
      cacheControl: false,
      // Uploads in progress live in .tmp/ and are never served.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        if (filePath.includes(`${path.sep}images${path.sep}`)) res.setHeader('Vary', 'Save-Data');
      },
    });
    return;
  }
  registerProxiedMedia(app, place.store);
}

/** `Save-Data: on` image reads get a smaller copy (see registerMedia). */
function registerSmallerImages(app: FastifyInstance, mediaDir: string): void {
  const root = path.resolve(mediaDir);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (String(request.headers['save-data'] ?? '').toLowerCase() !== 'on') return;
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith('/media/images/')) return;
    let key: string;
    try {
      key = decodeURIComponent(pathname.slice('/media/'.length));
    } catch {
      return;
    }
    // The same files the static handler would serve, never a hidden one nor outside the folder.
    if (key.split('/').some((segment) => segment.startsWith('.') || segment === '')) return;
    const file = path.resolve(root, key);
    if (!file.startsWith(`${root}${path.sep}`)) return;
    const small = await smallerImage(file);
    // Not an image we can shrink (or not there): the static handler answers as usual.
    if (!small) return;
    await reply
      .header('Content-Type', 'image/webp')
      .header('Cache-Control', IMMUTABLE)
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Vary', 'Save-Data')
      .send(small);
  });
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
        .header('Content-Type', typeByExtension(key) ?? read.contentType ?? 'application/octet-stream');
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
