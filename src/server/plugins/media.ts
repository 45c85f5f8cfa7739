import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { smallerImage } from '../modules/media/images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves stored media under /media/ from the same origin. Names change with content, so every
 * file is cached for a year; HTTP Range answers (206) let players seek and the service worker
 * cache parts of videos.
 *
 * A request for an image with `Save-Data: on` (the phone's data saver, or the app's, through its
 * service worker) is answered with a smaller copy, made from the stored one on first demand and
 * kept in memory; every image answer says `Vary: Save-Data`, so no cache hands one to the other.
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
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
  await app.register(fastifyStatic, {
    root: mediaDir,
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
}
