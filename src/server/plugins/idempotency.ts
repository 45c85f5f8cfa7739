import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { IdempotencyRepository } from '../modules/idempotency/idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for calls whose answer must never be replayed (it carries fresh session tokens). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const KEEP_HOURS = 24;
/** A claim this old with no answer belongs to a request whose process died. */
const ABANDONED_AFTER_MS = 60_000;

/**
 * `Idempotency-Key` on every write (api-contract.md, "Replays"): the first answer per user and
 * key is kept for at least 24 hours and replayed for a repeat without doing the work again; the
 * same key with another request answers 422; a repeat while the first still runs answers 409.
 * 5xx and 429 answers are not kept, so a retry after them really runs.
 */
export function registerIdempotency(api: FastifyInstance, repo: IdempotencyRepository): void {
  api.decorateRequest('idempotency', undefined);

  api.addHook('preHandler', async (request, reply) => {
    if (!WRITES.has(request.method) || request.routeOptions.config.idempotent === false) return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 255) {
      throw new AppError(400, 'Idempotency-Key must be 1 to 255 characters', [
        { field: 'Idempotency-Key', message: 'must be 1 to 255 characters' },
      ]);
    }
    const scope = request.principal ? `user:${request.principal.userId}` : 'anonymous';
    const fingerprint = fingerprintOf(
      request.method,
      request.url,
      request.headers['content-type'],
      request.headers['content-length'],
      request.body,
    );
    const now = new Date();

    if (!(await repo.claim(scope, key, fingerprint, now.toISOString()))) {
      await repo.releaseAbandoned(scope, key, new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString());
      if (!(await repo.claim(scope, key, fingerprint, now.toISOString()))) {
        const first = await repo.find(scope, key);
        if (!first) throw new AppError(409, 'This request is being processed; retry in a moment');
        if (first.fingerprint !== fingerprint) {
          throw new AppError(422, 'This Idempotency-Key was already used for a different request');
        }
        if (first.status_code === null || first.response === null) {
          throw new AppError(
            409,
            'A request with this Idempotency-Key is still being processed; retry in a moment',
          );
        }
        return reply
          .code(first.status_code)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(first.response);
      }
    }
    request.idempotency = { scope, key };
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || typeof payload !== 'string') {
      await repo.release(claim.scope, claim.key);
    } else {
      await repo.complete(claim.scope, claim.key, status, payload);
    }
    return payload;
  });
}

/**
 * What makes two requests "the same": method, URL and body. A multipart body is streamed to the
 * handler unread, so its type and length stand for it.
 */
function fingerprintOf(
  method: string,
  url: string,
  contentType: string | undefined,
  contentLength: string | undefined,
  body: unknown,
): string {
  const isMultipart = contentType?.startsWith('multipart/') ?? false;
  const bodyPart = isMultipart ? `multipart:${contentLength ?? '?'}` : JSON.stringify(body ?? null);
  return createHash('sha256').update(`${method} ${url}\n${bodyPart}`).digest('hex');
}

/** Deletes answers older than the keeping time, now and then every hour. */
export function scheduleIdempotencyPurge(api: FastifyInstance, repo: IdempotencyRepository): void {
  const purge = () => {
    const cutoff = new Date(Date.now() - (KEEP_HOURS + 1) * 3600 * 1000).toISOString();
    repo.purgeOlderThan(cutoff).catch((err: unknown) => api.log.warn({ err }, 'idempotency purge failed'));
  };
  const timer = setInterval(purge, 3600 * 1000);
  timer.unref();
  api.addHook('onClose', async () => clearInterval(timer));
  api.addHook('onReady', async () => purge());
}
