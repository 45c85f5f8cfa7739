import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** The keys of one batch: every video whose id is greater than `after` and at most `upTo`. */
export interface KeyRange {
  after: string;
  upTo: string;
}

/**
 * Work on rows that existed before a release, done once, in the background, in set-based
 * statements over ranges of the videos' primary key (docs/api.md, "Renditions").
 */
export interface Backfill<Prepared = undefined> {
  /** Names it in the `backfills` table, in the log and in its advisory lock. */
  name: string;
  /** Whether it can run on this server now; when not, it waits for a start where it can. */
  enabled?(): boolean;
  /**
   * Reads or measures what the batch needs outside any transaction (a file's size): on SQLite an
   * open transaction holds the one connection every request needs.
   */
  prepare?(db: Kysely<Database>, range: KeyRange): Promise<Prepared>;
  /** Writes the batch: statements over the whole range, never one per row. */
  write(trx: Transaction<Database>, range: KeyRange, prepared: Prepared): Promise<number>;
}

export interface BackfillOptions {
  /** Videos per batch: small enough that one SQLite statement holds the event loop for milliseconds. */
  batchSize?: number;
  log?: FastifyBaseLogger;
}

/** PostgreSQL's code for a transaction that could not be serialized: it is run again. */
const SERIALIZATION_FAILURE = '40001';
const MAX_TRIES = 5;

/**
 * Runs back-fills after the server answers, never before (the plugin timeout of a start must
 * not depend on how many rows there are). Each batch commits with the back-fill's position in
 * the same transaction, so a run that is interrupted (a crash, a deploy) resumes after the last
 * batch that committed, and a finished back-fill costs a start one indexed read. On PostgreSQL
 * each back-fill runs under its advisory lock (`Db.exclusive`), so of several instances starting
 * together one does it, and a batch runs at REPEATABLE READ: a row that a request changed while
 * the batch read makes the batch fail and run again, instead of writing what it read before.
 */
export class BackfillRunner {
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly backfills: Array<Backfill<unknown>>,
    private readonly options: BackfillOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
  }

  /** Runs every enabled back-fill to its end; answers the rows each one changed in this run. */
  async run(): Promise<Record<string, number>> {
    const changed: Record<string, number> = {};
    for (const backfill of this.backfills) {
      if (backfill.enabled && !backfill.enabled()) continue;
      await this.db.exclusive(`backfill ${backfill.name}`, async () => {
        changed[backfill.name] = await this.runOne(backfill);
      });
    }
    return changed;
  }

  /** Whether every back-fill is finished (a finished one that must run again is reopened by `reopen`). */
  async finished(): Promise<boolean> {
    const rows = await this.db.kysely.selectFrom('backfills').select(['name', 'finished']).execute();
    const done = new Set(rows.filter((r) => Number(r.finished) === 1).map((r) => r.name));
    return this.backfills.every((b) => done.has(b.name));
  }

  private async runOne(backfill: Backfill<unknown>): Promise<number> {
    const kysely = this.db.kysely;
    const state = await kysely
      .selectFrom('backfills')
      .select(['after_key', 'finished'])
      .where('name', '=', backfill.name)
      .executeTakeFirst();
    if (state && Number(state.finished) === 1) return 0;
    let after = state?.after_key ?? '';
    let changed = 0;
    const started = Date.now();
    for (;;) {
      const upTo = await this.batchEnd(after);
      if (upTo === undefined) break;
      const range = { after, upTo };
      for (let attempt = 1; ; attempt += 1) {
        try {
          const prepared = await backfill.prepare?.(kysely, range);
          changed += await this.transaction(async (trx) => {
            const n = await backfill.write(trx, range, prepared);
            await savePosition(trx, backfill.name, upTo, false);
            return n;
          });
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== SERIALIZATION_FAILURE || attempt >= MAX_TRIES) throw err;
        }
      }
      after = upTo;
      // Requests waiting on the event loop (and, on SQLite, on the connection) go first.
      await nextTurn();
    }
    await this.transaction((trx) => savePosition(trx, backfill.name, after || null, true));
    if (changed > 0 || !state) {
      this.options.log?.info(
        { backfill: backfill.name, rows: changed, seconds: (Date.now() - started) / 1000 },
        'back-fill finished',
      );
    }
    return changed;
  }

  /** The greatest id of the next batch after `after`, read from the primary key alone; undefined past the end. */
  private async batchEnd(after: string): Promise<string | undefined> {
    const { rows } = await sql<{ up_to: string | null }>`
      select max(id) as up_to from (
        select id from videos where id > ${after} order by id limit ${sql.lit(this.batchSize)}) as batch`.execute(
      this.db.kysely,
    );
    return rows[0]?.up_to ?? undefined;
  }

  private transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const builder = this.db.kysely.transaction();
    return (this.db.dialect === 'postgres' ? builder.setIsolationLevel('repeatable read') : builder).execute(
      work,
    );
  }
}

async function savePosition(
  trx: Transaction<Database>,
  name: string,
  afterKey: string | null,
  finished: boolean,
): Promise<void> {
  await trx
    .insertInto('backfills')
    .values({ name, after_key: afterKey, finished: finished ? 1 : 0 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ after_key: afterKey, finished: finished ? 1 : 0 }))
    .execute();
}

/**
 * Makes a finished back-fill run again from the start at its next run: for work that rows made
 * later can need too (a video uploaded while the server had no ffmpeg has no renditions job).
 */
export async function reopenBackfill(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .updateTable('backfills')
    .set({ after_key: null, finished: 0 })
    .where('name', '=', name)
    .where('finished', '=', 1)
    .execute();
}
