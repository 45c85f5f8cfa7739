import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

/** How long a lock outlives a holder that stopped renewing it (its process died). */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;
const RETRY_EVERY_MS = 100;
/** A request that cannot get the lock in this long gives up (tus answers it 500, the client retries). */
const ACQUIRE_TIMEOUT_MS = 30_000;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * tus's lock on one upload, shared by every instance through Redis (docs/deploy.md, "Resumable
 * uploads"): a PATCH holds it while it writes, so two requests never append to one upload at
 * once, whichever instances they reach. It is a lease (SET NX PX, renewed while held, released
 * only by its holder), so a holder that dies frees it within 30 s.
 *
 * tus asks a holder to let go when a newer request wants the lock (the client resumed on a new
 * connection while the old one hangs): that request is published on a channel, and the
 * instance holding the lock calls its holder's release.
 */
export class RedisLocker implements Locker {
  private readonly holders = new Map<string, RequestRelease>();
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly prefix = 'eduportal:tus-lock:',
  ) {
    this.channel = `${prefix}release`;
    void this.subscriber.subscribe(this.channel).catch(() => undefined);
    this.subscriber.on('message', (channel: string, id: string) => {
      if (channel === this.channel) void this.holders.get(id)?.();
    });
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  /** @internal */
  key(id: string): string {
    return `${this.prefix}${id}`;
  }

  /** @internal */
  async tryAcquire(id: string, token: string): Promise<boolean> {
    return (await this.redis.set(this.key(id), token, 'PX', LEASE_MS, 'NX')) === 'OK';
  }

  /** @internal */
  async renew(id: string, token: string): Promise<void> {
    await this.redis.eval(RENEW, 1, this.key(id), token, String(LEASE_MS));
  }

  /** @internal */
  async release(id: string, token: string): Promise<void> {
    this.holders.delete(id);
    await this.redis.eval(RELEASE, 1, this.key(id), token);
  }

  /** @internal */
  held(id: string, requestRelease: RequestRelease): void {
    this.holders.set(id, requestRelease);
  }

  /** @internal */
  async askToRelease(id: string): Promise<void> {
    await this.redis.publish(this.channel, id);
  }
}

class RedisLock implements Lock {
  private readonly token = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    // Asked at once, and again every second while waiting: a holder's instance that was
    // (re)subscribing when the first request went out hears the next.
    for (let attempt = 0; !(await this.locker.tryAcquire(this.id, this.token)); attempt++) {
      if (stopSignal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (attempt % 10 === 0) await this.locker.askToRelease(this.id);
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
    this.locker.held(this.id, requestRelease);
    this.renewal = setInterval(
      () => void this.locker.renew(this.id, this.token).catch(() => undefined),
      RENEW_EVERY_MS,
    );
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await this.locker.release(this.id, this.token);
  }
}
