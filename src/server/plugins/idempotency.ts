import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { schedulePeriodic } from './periodic.ts';
import type { IdempotencyRepository } from '../db/idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for calls whose answer must never be replayed (it carries fresh session tokens). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: IdempotencyClaim;
  }
}

interface IdempotencyClaim {
  scope: string;
  key: string;
  /** True once the key is ours: only then is the answer kept (or the claim released). */
  claimed: boolean;
  /**
   * For a multipart body, which is streamed to the handler unread: the claim waits until the
   * body has been read and hashed (plugins/uploads.ts), then this makes it.
   */
  claimWithBody?: (bodyDigest: string) => Promise<void>;
}

/** Thrown by a deferred claim whose key already has an answer: the error handler replays it. */
export class IdempotentReplay extends Error {
  constructor(
    readonly statusCode: number,
    readonly response: string,
  ) {
    super('idempotent replay');
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const KEEP_HOURS = 24;
/** A claim this old with no answer belongs to a request whose process died. */
const ABANDONED_AFTER_MS = 60_000;

/**
 * `Idempotency-Key` on every write (docs/api.md, "Replays"): the first answer per user and key
 * is kept for at least 24 hours and replayed for a repeat without doing the work again; the same
 * key with another request answers 422; a repeat while the first still runs answers 409. 5xx and
 * 429 answers are not kept, so a retry after them really runs.
 *
 * A JSON body is known before the handler runs, so its claim is made in preHandler. A multipart
 * body is hashed part by part as it streams (field names, values, file names and bytes), and its
 * claim is made once the whole body has been read: two uploads of the same length but other
 * bytes are two different requests.
 */
export function registerIdempotency(api: FastifyInstance, repo: IdempotencyRepository): void {
  api.decorateRequest('idempotency', undefined);

  /** Claims the key; answers the first answer to replay, if there is one. */
  const claim = async (scope: string, key: string, fingerprint: string) => {
    const now = new Date();
    if (await repo.claim(scope, key, fingerprint, now.toISOString())) return undefined;
    await repo.releaseAbandoned(scope, key, new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString());
    if (await repo.claim(scope, key, fingerprint, now.toISOString())) return undefined;
    const first = await repo.find(scope, key);
    if (!first) throw new AppError(409, 'This request is being processed; retry in a moment');
    if (first.fingerprint !== fingerprint) {
      throw new AppError(422, 'This Idempotency-Key was already used for a different request', [
        { field: 'Idempotency-Key', message: 'was already used for a different request' },
      ]);
    }
    if (first.status_code === null || first.response === null) {
      throw new AppError(
        409,
        'A request with this Idempotency-Key is still being processed; retry in a moment',
      );
    }
    return new IdempotentReplay(first.status_code, first.response);
  };

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

    if (request.headers['content-type']?.startsWith('multipart/')) {
      const pending: IdempotencyClaim = { scope, key, claimed: false };
      pending.claimWithBody = async (bodyDigest) => {
        const replay = await claim(scope, key, fingerprintOf(request, `multipart:${bodyDigest}`));
        if (replay) throw replay;
        pending.claimed = true;
      };
      request.idempotency = pending;
      return;
    }

    const replay = await claim(scope, key, fingerprintOf(request, JSON.stringify(request.body ?? null)));
    if (replay) return sendReplay(reply, replay);
    request.idempotency = { scope, key, claimed: true };
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = undefined;
    if (!pending.claimed) return payload;
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || typeof payload !== 'string') {
      await repo.release(pending.scope, pending.key);
    } else {
      await repo.complete(pending.scope, pending.key, status, payload);
    }
    return payload;
  });
}

export function sendReplay(reply: FastifyReply, replay: IdempotentReplay): FastifyReply {
  return reply
    .code(replay.statusCode)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(replay.response);
}

/** What makes two requests "the same": method, URL and body. */
function fingerprintOf(request: FastifyRequest, body: string): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/**
 * Deletes answers older than the keeping time, now and then every hour; `exclusive` keeps two
 * instances from purging at once (Db.exclusive).
 */
export function scheduleIdempotencyPurge(
  api: FastifyInstance,
  repo: IdempotencyRepository,
  exclusive: (name: string, work: () => Promise<unknown>) => Promise<boolean>,
): void {
  const name = 'idempotency purge';
  schedulePeriodic(api, {
    name,
    everyMs: 3600 * 1000,
    atReady: true,
    run: () =>
      exclusive(name, () =>
        repo.purgeOlderThan(new Date(Date.now() - (KEEP_HOURS + 1) * 3600 * 1000).toISOString()),
      ),
  });
}
