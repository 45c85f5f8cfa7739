import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../../db/schema.ts';

export type UploadRow = Selectable<UploadsTable>;

export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: UploadRow): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  async find(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Uploads of this user that have not become a video yet (finished or not) and have not expired. */
  async countOpen(ownerId: string, now: string): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('claimed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Takes the upload for one video: succeeds for one caller only (the row changes only while
   * unclaimed), so an upload can never make two videos.
   */
  async claim(id: string, ownerId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({ claimed_at: now })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('claimed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a claimed upload back after a failure that was not the upload's fault. */
  async unclaim(id: string): Promise<void> {
    await this.db.updateTable('uploads').set({ claimed_at: null }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** Expired uploads, and uploads claimed long ago whose video never committed (a crash). */
  async stale(now: string, claimedBefore: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('uploads')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb.and([eb('claimed_at', 'is not', null), eb('claimed_at', '<=', claimedBefore)]),
        ]),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  async allIds(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('uploads').select('id').execute();
    return new Set(rows.map((r) => r.id));
  }
}
