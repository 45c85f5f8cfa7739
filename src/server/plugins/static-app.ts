import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchClientRoute } from '../../shared/routes.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=86400';

/** Files that must be revalidated on every load so that a new release is seen at once. */
const ALWAYS_FRESH = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

export function cacheControlFor(relativePath: string): string {
  const name = relativePath.replaceAll('\\', '/').replace(/^\//, '');
  if (name.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_FRESH.has(name) || name.startsWith('pages/') || name.startsWith('workbox-')) return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built PWA from `clientDir`: hashed assets for a year, the shell and the service
 * worker never from cache, and every screen of the spec answered with index.html so that a deep
 * link or a reload works. Returns the fallback for paths that no file matched.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  clientDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'no built client found; serving the API only (run `npm run build`)');
    return undefined;
  }

  // Each screen's own page: index.html with the preloads of that screen only (the build's
  // pages.json, scripts/vite/preload-start-chunks.ts), so a first visit downloads what it shows.
  // A build without it answers index.html everywhere.
  const pagesFile = path.join(clientDir, 'pages.json');
  const pages: Record<string, string> = fs.existsSync(pagesFile)
    ? (JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as Record<string, string>)
    : {};

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: true,
    // The build writes .br and .gz copies of the text files (vite.config.ts): sent to browsers
    // that accept them, a third of the bytes on a slow link, compressed once, not per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(clientDir, filePath)));
      // The same URL answers brotli, gzip or plain bytes: shared caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  const serveApp = (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A path with a file extension is a missing asset, not a screen: answer a real 404 so that a
    // stale cached page never runs index.html as a script.
    if (!isRead || path.extname(urlPath) !== '') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    // Unknown screens still get the app (which shows its own "page not found"), with a 404 status.
    const route = matchClientRoute(urlPath);
    const page = (route && pages[route]) ?? 'index.html';
    return reply
      .code(route ? 200 : 404)
      .header('Cache-Control', REVALIDATE)
      .sendFile(page, clientDir);
  };
  // The static handler treats "/" as a folder (and refuses to list it), so the home screen is
  // routed explicitly.
  app.get('/', serveApp);
  return serveApp;
}
