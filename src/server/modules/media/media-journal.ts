import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface JournalEntry {
  key: string;
  instanceId: string;
}

/**
 * The journal of media files being written (docs/api.md, "The media invariants"). Before an
 * instance publishes a file it writes a row naming the file and itself; when the row that names
 * the file commits, or the file is released, the entry goes. Each instance holds a lease, renewed
 * while it runs. An entry that outlives its instance names a file a crash cut off between its
 * bytes and its row: the next start of that instance, or any instance once the lease has run
 * out, removes exactly those files, at once, instead of waiting for the sweep's grace period.
 */
export class MediaJournal {
  constructor(
    private readonly db: Kysely<Database>,
    readonly instanceId: string,
    private readonly leaseMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Written before the file's first byte, so that no file is ever written unjournaled; and before
   * a row stops naming a file (a replaced picture, a deleted video's files), so that a crash
   * between the row's change and the file's release leaves an entry too. Two replacements racing
   * may name the same file: one entry is enough.
   */
  async begin(keys: string | string[]): Promise<void> {
    const named = [...new Set([keys].flat())];
    if (named.length === 0) return;
    const startedAt = this.now().toISOString();
    await this.db
      .insertInto('media_writes')
      .values(named.map((key) => ({ key, instance_id: this.instanceId, started_at: startedAt })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  /** The files' rows have committed, or the files were released: they are no longer at risk. */
  async end(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.deleteFrom('media_writes').where('key', 'in', keys).execute();
  }

  /** Says this instance is alive for another lease period. */
  async renew(): Promise<void> {
    const leaseUntil = new Date(this.now().getTime() + this.leaseMs).toISOString();
    await this.db
      .insertInto('instance_leases')
      .values({ instance_id: this.instanceId, lease_until: leaseUntil })
      .onConflict((oc) => oc.column('instance_id').doUpdateSet({ lease_until: leaseUntil }))
      .execute();
  }

  /**
   * The entries whose writer is gone: those of instances whose lease ran out (a margin of one
   * more lease period, so that a renewal late by a slow database is not taken for a death), and,
   * when `ownPreviousLife` is set (at this instance's start, before it writes anything), its own,
   * left by the process that had its name before.
   */
  async orphaned({ ownPreviousLife = false } = {}): Promise<JournalEntry[]> {
    const expired = new Date(this.now().getTime() - this.leaseMs).toISOString();
    const rows = await this.db
      .selectFrom('media_writes as w')
      .leftJoin('instance_leases as l', 'l.instance_id', 'w.instance_id')
      .select(['w.key', 'w.instance_id'])
      .where((eb) =>
        eb.or([
          ...(ownPreviousLife ? [eb('w.instance_id', '=', this.instanceId)] : []),
          eb.and([eb('w.instance_id', '!=', this.instanceId), eb('l.lease_until', 'is', null)]),
          eb.and([eb('w.instance_id', '!=', this.instanceId), eb('l.lease_until', '<', expired)]),
        ]),
      )
      .execute();
    return rows.map((r) => ({ key: r.key, instanceId: r.instance_id }));
  }

  /**
   * This instance's entries older than a lease: files it wrote and did not end. Younger ones may
   * belong to a request still under way, such as a replacement whose row has not changed yet.
   */
  async mine(): Promise<string[]> {
    const before = new Date(this.now().getTime() - this.leaseMs).toISOString();
    const rows = await this.db
      .selectFrom('media_writes')
      .select('key')
      .where('instance_id', '=', this.instanceId)
      .where('started_at', '<', before)
      .execute();
    return rows.map((r) => r.key);
  }

  /** Forgets the leases of instances long gone that no entry needs any more. */
  async forgetLeases(): Promise<void> {
    const expired = new Date(this.now().getTime() - this.leaseMs).toISOString();
    await this.db
      .deleteFrom('instance_leases')
      .where('lease_until', '<', expired)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('media_writes')
              .select('key')
              .whereRef('media_writes.instance_id', '=', 'instance_leases.instance_id'),
          ),
        ),
      )
      .execute();
  }
}
