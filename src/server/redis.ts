import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis connection an app instance shares with the others (docs/deploy.md): rate-limit
 * counters, and tus's locks and upload cache when media are on S3. Short timeouts and one retry:
 * a request waits for Redis briefly, never for a reconnect loop. Closed with the app. The client
 * is loaded only when REDIS_URL is set.
 */
export async function openRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis is not answering'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** A second connection for subscribing (a subscribed connection can do nothing else). */
export function openSubscriber(app: FastifyInstance, redis: Redis): Redis {
  const subscriber = redis.duplicate();
  subscriber.on('error', (err: Error) => app.log.warn({ err }, 'Redis (subscriber) is not answering'));
  app.addHook('onClose', async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
  return subscriber;
}
