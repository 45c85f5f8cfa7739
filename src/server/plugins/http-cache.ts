import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE } from './auth.ts';

const READS = new Set(['GET', 'HEAD']);

/** A strong validator made of the answer's bytes alone, so every instance gives the same one. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whether the answer may depend on who asks: it carries a session, valid or not. */
const mayBePersonal = (request: FastifyRequest) =>
  request.principal !== undefined ||
  request.headers.authorization !== undefined ||
  request.cookies?.[ACCESS_COOKIE] !== undefined;

/**
 * HTTP caching of API answers (docs/api.md, "Caching"):
 * - a 200 to a read carries an ETag, a hash of its body: the same answer gives the same ETag from
 *   every instance, and a read whose If-None-Match names it gets a bodiless 304;
 * - `Cache-Control` never lets a shared cache keep an answer that may be personal: a request with
 *   a session (a bearer token or the session cookie) gets `private, no-cache`; an anonymous read
 *   `no-cache` and `Vary: Authorization, Cookie`, so a cache revalidates it each time and never
 *   hands it to a signed-in user; anything else (an error, a write's answer) `no-store`;
 * - a route that sets its own `Cache-Control` (the health check) keeps it.
 *
 * A browser's own HTTP cache does the revalidation: the app and the service worker still see a
 * 200 with the whole body (docs/offline.md).
 */
export function registerHttpCache(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const read = READS.has(request.method);
    if (reply.getHeader('cache-control') === undefined) {
      if (!read || status >= 300) reply.header('cache-control', 'no-store');
      else if (mayBePersonal(request)) reply.header('cache-control', 'private, no-cache');
      else reply.header('cache-control', 'no-cache').header('vary', 'Authorization, Cookie');
    }
    if (!read || status !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      return payload;
    }
    const etag = request.keptEtag ?? etagOf(payload);
    reply.header('etag', etag);
    if (typeof payload === 'string') request.keepAnswer?.(payload, etag);
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}
