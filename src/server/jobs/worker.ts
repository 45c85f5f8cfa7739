import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobsRepository } from './jobs.repository.ts';

/** A failure that another attempt cannot mend (the file is not a video): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobContext {
  /** Aborted when the job must stop: the process is stopping, or the job's lease was lost. */
  signal: AbortSignal;
  /** 0-100, recorded with the next heartbeat. */
  progress(percent: number): void;
}

export interface JobHandler {
  kind: string;
  maxAttempts: number;
  run(job: ClaimedJob, context: JobContext): Promise<void>;
}

export interface WorkerOptions {
  /** How many jobs this process runs at once (RENDITION_WORKERS); 0 runs none. */
  concurrency: number;
  /** How long a claim lasts without a heartbeat; a dead worker's job is taken again after it. */
  leaseMs: number;
  /** How often an idle worker looks for work made by other processes. */
  pollMs?: number;
  /** The first retry waits this long, then twice as long each time, up to 30 minutes. */
  retryBaseMs?: number;
  /** Names this process in the jobs table. */
  workerId: string;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

const MAX_RETRY_DELAY_MS = 30 * 60_000;

/**
 * Runs jobs of one kind from the jobs table (docs/api.md, "Renditions"). Each slot claims the
 * oldest due job with a lease, renews the lease while it works, and records the outcome:
 * done; queued again after a backoff; or failed, with the reason, once its attempts are spent.
 * A worker that dies simply stops renewing, and when the lease runs out any process claims the
 * job again. Stopping gives running jobs back at once, so another process need not wait.
 */
export class JobWorkers {
  private readonly running = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  private stopped = true;
  private wakeUp: (() => void) | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly repo: JobsRepository,
    private readonly handler: JobHandler,
    private readonly options: WorkerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (let slot = 0; slot < this.options.concurrency; slot += 1) {
      const loop = this.loop(`${this.options.workerId}/${slot}`);
      this.running.add(loop);
      void loop.finally(() => this.running.delete(loop));
    }
  }

  /** New work was queued by this process: look now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops claiming, aborts the jobs in hand (they are given back) and waits for the slots to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const controller of this.controllers) controller.abort(new Error('stopping'));
    this.wake();
    await Promise.all(this.running);
  }

  private async loop(worker: string): Promise<void> {
    while (!this.stopped) {
      let job: ClaimedJob | undefined;
      try {
        job = await this.repo.claim(this.handler.kind, worker, this.now(), this.options.leaseMs);
      } catch (err) {
        this.options.log?.warn({ err }, `${this.handler.kind}: could not claim a job; trying again later`);
      }
      if (job) await this.runOne(job, worker);
      else await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs ?? 5000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  private async runOne(job: ClaimedJob, worker: string): Promise<void> {
    const { repo, handler, options } = this;
    const log = options.log;
    if (job.attempts > job.maxAttempts) {
      // Its last attempt's worker died mid-way (a crash the job itself may cause): give up.
      const why = `gave up after ${job.maxAttempts} attempts${job.lastError ? `: ${job.lastError}` : ''}`;
      await repo.fail(job.id, worker, why, this.now(), undefined).catch(() => undefined);
      log?.warn({ job: job.id, subject: job.subject }, `${handler.kind}: ${why}`);
      return;
    }
    const controller = new AbortController();
    this.controllers.add(controller);
    let progress = 0;
    let lost = false;
    const heartbeat = setInterval(
      () => {
        repo
          .heartbeat(job.id, worker, progress, this.now(), options.leaseMs)
          .then((mine) => {
            if (!mine && !controller.signal.aborted) {
              lost = true;
              controller.abort(new Error('the job was taken by another worker or removed'));
            }
          })
          .catch((err: unknown) => log?.warn({ err, job: job.id }, `${handler.kind}: heartbeat failed`));
      },
      Math.max(250, Math.floor(options.leaseMs / 3)),
    );
    try {
      await handler.run(job, {
        signal: controller.signal,
        progress: (p) => (progress = Math.max(0, Math.min(100, Math.round(p)))),
      });
      await repo.complete(job.id, worker, this.now());
      log?.info({ job: job.id, subject: job.subject, attempt: job.attempts }, `${handler.kind}: done`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (lost) {
        log?.warn({ job: job.id }, `${handler.kind}: stopped, ${message}`);
      } else if (this.stopped) {
        await repo.release(job.id, worker, this.now()).catch(() => undefined);
      } else {
        const retry =
          !(err instanceof PermanentJobError) && job.attempts < job.maxAttempts
            ? new Date(
                this.now().getTime() +
                  Math.min(MAX_RETRY_DELAY_MS, (options.retryBaseMs ?? 30_000) * 2 ** (job.attempts - 1)),
              )
            : undefined;
        await repo.fail(job.id, worker, message, this.now(), retry).catch(() => undefined);
        log?.warn(
          { job: job.id, subject: job.subject, attempt: job.attempts, retryAt: retry?.toISOString() },
          `${handler.kind} failed: ${message}${retry ? '; it will be tried again' : ''}`,
        );
      }
    } finally {
      clearInterval(heartbeat);
      this.controllers.delete(controller);
    }
  }
}
