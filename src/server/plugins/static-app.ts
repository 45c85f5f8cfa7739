import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_READS_ID, firstReads, jsonForScript, type FirstReads } from '../../shared/first-reads.ts';
import { matchClientRoute, type ClientRoutePath } from '../../shared/routes.ts';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint.ts';
import { disableControls, withoutDeviceSizes, withTitle } from '../../shared/static-markup.ts';
import { API_PREFIX } from '../../shared/api-prefix.ts';

/** Around the English shell in each page (scripts/vite/app-shell.ts): a rendered screen goes there. */
const SCREEN_START = '<!--eduportal:page-->';
const SCREEN_END = '<!--/eduportal:page-->';

type RenderScreen = (route: ClientRoutePath, reads: FirstReads) => Promise<string | undefined>;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=86400';
/** A page holding one visitor's own data: kept by nobody but that browser, and asked for again. */
const PRIVATE = 'private, no-cache';

/** Files that must be revalidated on every load so that a new release is seen at once. */
const ALWAYS_FRESH = new Set(['index.html', 'shell.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

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

  // The hashes of each page's inline styles (the prerendered pages'), which the page's
  // Content-Security-Policy must allow.
  const stylesFile = path.join(clientDir, 'inline-styles.json');
  const inlineStyles: Record<string, string[]> = fs.existsSync(stylesFile)
    ? (JSON.parse(fs.readFileSync(stylesFile, 'utf8')) as Record<string, string[]>)
    : {};
  const allowInlineStyles = (reply: FastifyReply, page: string, hashes = inlineStyles[page]) => {
    const policy = reply.raw.getHeader('content-security-policy');
    if (!hashes?.length || typeof policy !== 'string') return;
    reply.header(
      'content-security-policy',
      policy.replace(
        /style-src ([^;]*)/,
        (_all, sources: string) => `style-src ${sources} ${hashes.map((h) => `'${h}'`).join(' ')}`,
      ),
    );
  };
  // The signed-in screens the server renders from a visitor's first reads, built for Node with
  // the client (scripts/vite/server-render.ts). Without it, the page carries the reads only.
  const renderFile = path.join(clientDir, 'ssr', 'render-screen.mjs');
  const renderer = fs.existsSync(renderFile)
    ? ((await import(pathToFileURL(renderFile).href)) as { renderScreen: RenderScreen })
    : undefined;
  /**
   * The styles a rendered screen's page needs, inline: the start's stylesheet and the screen's,
   * in the order the page names them, with their hash for the page's policy. Read once per page.
   */
  const stylesOf = new Map<string, { style: string; hash: string }>();
  const inlineStylesOf = (html: string) => {
    const files = [
      ...html.matchAll(/<link rel="(?:stylesheet|preload" as="style)" crossorigin href="\/([^"]+\.css)">/g),
    ].map(([, file]) => file ?? '');
    const key = files.join(' ');
    let found = stylesOf.get(key);
    if (!found) {
      const style = files
        .map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8'))
        .join('\n')
        .replaceAll('</style', '<\\/style');
      found = { style, hash: `sha256-${createHash('sha256').update(style).digest('base64')}` };
      stylesOf.set(key, found);
    }
    return found;
  };
  /**
   * The page's English shell (top bar and skeleton) replaced by the screen as rendered, with its
   * styles inline (their hash goes into the page's policy): what the student came for shows as
   * soon as the page is in, beside the code still downloading. Undefined when not rendered.
   */
  const withScreen = async (
    html: string,
    route: ClientRoutePath,
    reads: FirstReads,
  ): Promise<{ html: string; styleHash: string } | undefined> => {
    const start = html.indexOf(SCREEN_START);
    const end = html.indexOf(SCREEN_END);
    if (!renderer || start < 0 || end < start) return undefined;
    try {
      const markup = await renderer.renderScreen(route, reads);
      if (markup === undefined) return undefined;
      const { style, hash } = inlineStylesOf(html);
      const page =
        `${html.slice(0, start)}${disableControls(withoutDeviceSizes(markup))}${html.slice(end + SCREEN_END.length)}`
          // The start's stylesheet is inline now; the screen's stays preloaded, for its code.
          .replace(/<link rel="stylesheet" crossorigin href="[^"]+\.css">\n?\s*/g, '')
          .replace('</head>', `  <style>${style}</style>\n  </head>`);
      return { html: withTitle(page, markup), styleHash: hash };
    } catch (err) {
      // The app renders the screen itself from the same reads: slower, never wrong.
      app.log.warn({ err, route }, 'could not render the screen for its first reads');
      return undefined;
    }
  };
  // The pages that carry first reads, read once: a few KB each.
  const pageText = new Map<string, string>();
  const textOf = (page: string) => {
    let text = pageText.get(page);
    if (text === undefined) {
      text = fs.readFileSync(path.join(clientDir, page), 'utf8');
      pageText.set(page, text);
    }
    return text;
  };

  /**
   * The screen's first reads, answered by the API itself for this request's own session (its
   * cookies, its address for the rate limits), or undefined when the visitor is not signed in
   * (the first read, the current user, was refused) or any read failed: the app then asks as
   * it always does.
   */
  const readFirst = async (
    request: FastifyRequest,
    paths: readonly string[],
  ): Promise<FirstReads | undefined> => {
    const cookie = request.headers.cookie;
    if (!cookie?.includes(`${SESSION_HINT_COOKIE}=`)) return undefined;
    const reads: FirstReads = {};
    for (const apiPath of paths) {
      const res = await app.inject({
        method: 'GET',
        url: `${API_PREFIX}${apiPath}`,
        headers: { cookie, accept: 'application/json' },
        remoteAddress: request.ip,
      });
      if (res.statusCode !== 200) return undefined;
      reads[apiPath] = JSON.parse(res.body) as { data: unknown };
    }
    return reads;
  };

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

  const serveApp = async (request: FastifyRequest, reply: FastifyReply) => {
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
    allowInlineStyles(reply, page);
    const reads = route && request.method === 'GET' ? firstReads[route] : undefined;
    if (route && reads) {
      const answers = await readFirst(request, reads);
      if (answers) {
        // This visitor's own data in the page: for their browser only, never for a shared
        // cache, and never answered to another cookie (the worker answers navigations with its
        // own shell, never with this page: sw/sw.ts).
        const block = `<script type="application/json" id="${FIRST_READS_ID}">${jsonForScript(answers)}</script>`;
        const rendered = await withScreen(textOf(page), route, answers);
        if (rendered) allowInlineStyles(reply, page, [rendered.styleHash]);
        const html = (rendered?.html ?? textOf(page)).replace('<body>', `<body>\n    ${block}`);
        // Compressed as the build's files are (a third of the bytes on a slow link); quickly,
        // as this page is made per request.
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const [encoding, body] = /\bbr\b/.test(accepts)
          ? ['br', zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })]
          : /\bgzip\b/.test(accepts)
            ? ['gzip', zlib.gzipSync(html, { level: 6 })]
            : [undefined, Buffer.from(html)];
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply
          .code(200)
          .header('Cache-Control', PRIVATE)
          .header('Vary', 'Cookie, Accept-Encoding')
          .type('text/html; charset=utf-8')
          .send(body);
      }
    }
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
