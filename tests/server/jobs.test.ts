import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobsRepository } from '../../src/server/jobs/jobs.repository.ts';
import { JobWorkers, PermanentJobError, type JobHandler } from '../../src/server/jobs/worker.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

// In the past, so that the workers below, on the real clock, find these leases run out.
const T0 = new Date('2026-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(databaseKinds)('the jobs table on %s', (kind) => {
  let database: TestDatabase;
  let jobs: JobsRepository;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    jobs = new JobsRepository(database.db.kysely, database.db.dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const row = async (subject: string) => (await jobs.forSubjects('renditions', [subject])).get(subject)!;

  it('hands a job to exactly one of many workers claiming at once', async () => {
    await jobs.enqueue('renditions', 'video-1', 3, T0);
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => jobs.claim('renditions', `worker-${i}`, at(1), 60_000)),
    );
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ subject: 'video-1', attempts: 1 });
    expect(await row('video-1')).toMatchObject({ state: 'running' });
  });

  it('queues a subject once, however often it is queued', async () => {
    await jobs.enqueue('renditions', 'video-1', 3, T0);
    await jobs.enqueue('renditions', 'video-1', 3, at(5));
    expect(await jobs.claim('renditions', 'a', at(10), 60_000)).toBeDefined();
    expect(await jobs.claim('renditions', 'b', at(10), 60_000)).toBeUndefined();
  });

  it('gives a job to another worker once the lease of a silent one runs out', async () => {
    await jobs.enqueue('renditions', 'video-1', 3, T0);
    const first = await jobs.claim('renditions', 'dead', at(1), 1000);
    expect(await jobs.claim('renditions', 'alive', at(500), 1000)).toBeUndefined();
    const second = await jobs.claim('renditions', 'alive', at(1002), 1000);
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    // The first worker, should it wake, learns the job is no longer its own.
    expect(await jobs.heartbeat(first!.id, 'dead', 50, at(1003), 1000)).toBe(false);
    expect(await jobs.heartbeat(first!.id, 'alive', 50, at(1003), 1000)).toBe(true);
    expect(await row('video-1')).toMatchObject({ progress: 50, worker: 'alive' });
  });

  it('queues a failed attempt again after its backoff, keeping the reason', async () => {
    await jobs.enqueue('renditions', 'video-1', 3, T0);
    const job = await jobs.claim('renditions', 'w', at(1), 60_000);
    await jobs.fail(job!.id, 'w', 'ffmpeg exited with 1: bad frame', at(2), at(30_000));
    expect(await row('video-1')).toMatchObject({ state: 'queued', error: 'ffmpeg exited with 1: bad frame' });
    expect(await jobs.claim('renditions', 'w', at(29_999), 60_000)).toBeUndefined();
    expect(await jobs.claim('renditions', 'w', at(30_000), 60_000)).toMatchObject({
      attempts: 2,
      lastError: 'ffmpeg exited with 1: bad frame',
    });
  });

  describe('its workers', () => {
    let workers: JobWorkers | undefined;
    afterEach(async () => {
      await workers?.stop();
    });

    const runUntilSettled = async (handler: JobHandler, subject: string) => {
      workers = new JobWorkers(jobs, handler, {
        concurrency: 1,
        leaseMs: 5000,
        pollMs: 20,
        retryBaseMs: 1,
        workerId: 'test',
      });
      workers.start();
      for (;;) {
        const job = await row(subject);
        if (job.state === 'done' || job.state === 'failed') return job;
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    it('retry a failed job and finish it, with progress kept while it runs', async () => {
      await jobs.enqueue('renditions', 'video-1', 3, new Date());
      const seen: number[] = [];
      const job = await runUntilSettled(
        {
          kind: 'renditions',
          maxAttempts: 3,
          run: async (claimed, { progress }) => {
            seen.push(claimed.attempts);
            progress(40);
            if (claimed.attempts === 1) throw new Error('the disk was full');
          },
        },
        'video-1',
      );
      expect(seen).toEqual([1, 2]);
      expect(job).toMatchObject({ state: 'done', progress: 100, error: null, attempts: 2 });
    });

    it('fail a job for good when another attempt cannot mend it, saying why', async () => {
      await jobs.enqueue('renditions', 'video-1', 3, new Date());
      const job = await runUntilSettled(
        {
          kind: 'renditions',
          maxAttempts: 3,
          run: () => Promise.reject(new PermanentJobError('ffprobe cannot read the video')),
        },
        'video-1',
      );
      expect(job).toMatchObject({ state: 'failed', attempts: 1, error: 'ffprobe cannot read the video' });
    });

    it('give up on a job whose workers keep dying, once its attempts are spent', async () => {
      await jobs.enqueue('renditions', 'video-1', 2, T0);
      // Two workers claimed it and died (their leases ran out).
      await jobs.claim('renditions', 'dead-1', at(1), 1);
      await jobs.claim('renditions', 'dead-2', at(10), 1);
      let ran = false;
      const job = await runUntilSettled(
        { kind: 'renditions', maxAttempts: 2, run: async () => void (ran = true) },
        'video-1',
      );
      expect(ran).toBe(false);
      expect(job).toMatchObject({ state: 'failed', attempts: 3 });
      expect(job.error).toMatch(/gave up after 2 attempts/);
    });
  });
});
