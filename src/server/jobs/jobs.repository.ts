import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/database.ts';
import { claimDueJob } from '../db/jobs.ts';
import type { Database, JobsTable } from '../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

/** A job as its worker holds it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  subject: string;
  /** Counting this one. */
  attempts: number;
  maxAttempts: number;
  /** Why the last attempt failed, if one did. */
  lastError: string | null;
}

/** The jobs table (migration 0009): enqueue, claim with a lease, report, finish. */
export class JobsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Queues `kind` for `subject`, due now; a subject that already has a job of this kind keeps it
   * (so a backfill run by several instances at once queues each video once).
   */
  async enqueue(kind: string, subject: string, maxAttempts: number, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.db
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        kind,
        subject,
        state: 'queued',
        max_attempts: maxAttempts,
        run_at: at,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
      .execute();
  }

  async claim(kind: string, worker: string, now: Date, leaseMs: number): Promise<ClaimedJob | undefined> {
    const row = await claimDueJob(this.db, this.dialect, {
      kind,
      worker,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
    });
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      lastError: row.error,
    };
  }

  /**
   * Extends the lease and records progress. Answers false when the job is no longer this
   * worker's (its lease ran out and another took it, or it was removed): the worker must stop.
   */
  async heartbeat(
    id: string,
    worker: string,
    progress: number,
    now: Date,
    leaseMs: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        progress,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async complete(id: string, worker: string, now: Date): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ state: 'done', progress: 100, error: null, lease_until: null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .execute();
  }

  /**
   * Records a failed attempt: queued again at `retryAt`, or failed for good when `retryAt` is
   * undefined (no attempts left, or an error that another try cannot mend).
   */
  async fail(id: string, worker: string, error: string, now: Date, retryAt: Date | undefined): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        state: retryAt ? 'queued' : 'failed',
        run_at: (retryAt ?? now).toISOString(),
        error: error.slice(0, 2000),
        lease_until: null,
        worker: null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .execute();
  }

  /** Gives a job back untouched (this process is stopping): due at once, the attempt not counted. */
  async release(id: string, worker: string, now: Date): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'queued',
        attempts: eb('attempts', '-', 1),
        run_at: now.toISOString(),
        lease_until: null,
        worker: null,
        updated_at: now.toISOString(),
      }))
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('state', '=', 'running')
      .execute();
  }

  /** The jobs of `kind` for these subjects, by subject. */
  async forSubjects(kind: string, subjects: string[]): Promise<Map<string, JobRow>> {
    if (subjects.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', kind)
      .where('subject', 'in', subjects)
      .execute();
    return new Map(rows.map((r) => [r.subject, r]));
  }

  /**
   * Every failed job of `kind` queued again, due now, with its attempts counted from zero (an
   * administrator's `requeue-renditions`, after installing a working ffmpeg, say). Answers how many.
   */
  async requeueFailed(kind: string, now: Date): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        state: 'queued',
        attempts: 0,
        run_at: now.toISOString(),
        error: null,
        progress: 0,
        lease_until: null,
        worker: null,
        updated_at: now.toISOString(),
      })
      .where('kind', '=', kind)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** How many jobs of `kind` wait (queued), run and have failed for good. */
  async counts(kind: string): Promise<{ waiting: number; running: number; failed: number }> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', kind)
      .groupBy('state')
      .execute();
    const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
    return { waiting: of('queued'), running: of('running'), failed: of('failed') };
  }

  async remove(kind: string, subject: string): Promise<void> {
    await this.db.deleteFrom('jobs').where('kind', '=', kind).where('subject', '=', subject).execute();
  }
}
