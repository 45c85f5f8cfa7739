import cookie from '@fastify/cookie';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Authenticator, IssuedTokens, Principal } from '../principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the request carried a valid access token of an open session. */
    principal?: Principal & { via: 'bearer' | 'cookie' };
  }
}

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuthSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
}

/**
 * Reads the session from `Authorization: Bearer` or the accessToken cookie, and refuses writes
 * that a browser sent from another site: a cookie-authenticated write must carry this server's
 * Origin, and no write may carry a foreign one (that also stops sign-in forgery).
 */
export async function registerAuth(api: FastifyInstance, sessions: Authenticator): Promise<void> {
  await api.register(cookie);
  api.decorateRequest('principal', undefined);

  api.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const fromCookie = request.cookies[ACCESS_COOKIE];
    const token = bearer || fromCookie;
    if (token) {
      const principal = await sessions.authenticate(token);
      if (principal) request.principal = { ...principal, via: bearer ? 'bearer' : 'cookie' };
    }

    if (!WRITES.has(request.method)) return;
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined && origin !== ownOrigin) {
      throw new AppError(403, 'This request came from another site and was refused.');
    }
    if (origin === undefined && request.principal?.via === 'cookie') {
      throw new AppError(403, 'This request has no Origin header; a browser sends one with every write.');
    }
  });
}

/** The signed-in user, or a 401 that tells the client to sign in. */
export function requireUser(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(401, 'Sign in to do this.');
  return request.principal;
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: Pick<IssuedTokens, 'accessToken' | 'refreshToken'>,
  settings: AuthSettings,
): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: request.protocol === 'https' };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, maxAge: settings.accessTokenTtlSeconds });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base,
    maxAge: settings.refreshTokenTtlDays * 86400,
  });
  // Readable by script and holding no secret: it only tells the app that a session may exist,
  // so that a signed-out visit asks nothing of the server (docs/api.md, "Sessions").
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    ...base,
    httpOnly: false,
    maxAge: settings.refreshTokenTtlDays * 86400,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: request.protocol === 'https' };
  reply.clearCookie(ACCESS_COOKIE, base);
  reply.clearCookie(REFRESH_COOKIE, base);
  reply.clearCookie(SESSION_HINT_COOKIE, { ...base, httpOnly: false });
}
