import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisLocker } from '../../src/server/modules/uploads/redis-locker.ts';
import { hasRedis, startRedis, type RedisProcess } from '../helpers/redis.ts';

// tus's lock on an upload, shared by instances through Redis (docs/deploy.md, "Resumable
// uploads across nodes"): two instances' lockers stand for two app processes.

describe.runIf(hasRedis)('RedisLocker', () => {
  let redis: RedisProcess;
  const clients: Redis[] = [];
  const locker = () => {
    const main = new Redis(redis.url);
    const sub = new Redis(redis.url);
    clients.push(main, sub);
    return new RedisLocker(main, sub);
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  it('lets one instance hold an upload at a time, and asks the holder to let go', async () => {
    const [a, b] = [locker(), locker()];
    const order: string[] = [];
    const first = a.newLock('upload-1');
    const second = b.newLock('upload-1');
    let releaseFirst!: () => void;
    const asked = new Promise<void>((resolve) => (releaseFirst = resolve));
    await first.lock(new AbortController().signal, () => {
      // tus's request release: the old request stops and unlocks.
      order.push('asked');
      releaseFirst();
    });
    order.push('a holds');
    const waiting = second
      .lock(new AbortController().signal, () => undefined)
      .then(() => order.push('b holds'));
    await asked;
    // B cannot have it while A still holds it.
    expect(order).toEqual(['a holds', 'asked']);
    await first.unlock();
    order.push('a let go');
    await waiting;
    expect(order).toEqual(['a holds', 'asked', 'a let go', 'b holds']);
    // Another upload is not held back by this one.
    const other = a.newLock('upload-2');
    await other.lock(new AbortController().signal, () => undefined);
    await other.unlock();
    await second.unlock();
  });

  it('gives up when the request is aborted while another instance holds the lock', async () => {
    const [a, b] = [locker(), locker()];
    const held = a.newLock('upload-3');
    await held.lock(new AbortController().signal, () => undefined);
    const abort = new AbortController();
    const attempt = b.newLock('upload-3').lock(abort.signal, () => undefined);
    abort.abort();
    await expect(attempt).rejects.toBeDefined();
    await held.unlock();
  });
});
