import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const tooMany = (_request: FastifyRequest, context: { after: string }) =>
  new AppError(429, `Too many requests. Please wait ${context.after} and try again.`);

/**
 * Limits per client (docs/api.md, "Idempotency and rate limits"): every write, per signed-in user or
 * else per address; sign-in and registration more tightly, per address. Counters live in this
 * process, which is the whole server of a school box; with `redisUrl` they live in Redis, so
 * that every instance behind a load balancer counts against the same limit (docs/deploy.md).
 *
 * A Redis that does not answer lifts the limits rather than failing every write: the limits
 * guard against abuse, and a student's saved work must still go through while Redis restarts.
 */
export async function registerRateLimits(
  api: FastifyInstance,
  limits: Config['rateLimits'],
  redis?: Redis,
): Promise<void> {
  await api.register(rateLimit, {
    ...(redis ? { redis, nameSpace: 'eduportal:rate:', skipOnError: true } : {}),
    global: true,
    hook: 'preHandler',
    max: limits.writesPerMinute,
    timeWindow: 60_000,
    allowList: (request) => READS.has(request.method),
    keyGenerator: (request) => (request.principal ? `user:${request.principal.userId}` : `ip:${request.ip}`),
    errorResponseBuilder: tooMany,
  });
}

/** Route config for sign-in. */
export const loginLimit = (limits: Config['rateLimits']) => ({
  max: limits.loginPerMinute,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `login:${request.ip}`,
  errorResponseBuilder: tooMany,
});

/** Route config for registration. */
export const registerLimit = (limits: Config['rateLimits']) => ({
  max: limits.registerPerHour,
  timeWindow: 3_600_000,
  keyGenerator: (request: FastifyRequest) => `register:${request.ip}`,
  errorResponseBuilder: tooMany,
});
