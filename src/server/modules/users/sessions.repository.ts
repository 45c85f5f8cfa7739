import type { Kysely } from 'kysely';
import { reusableQuery } from '../../db/reusable.ts';
import type { Database, SessionsTable } from '../../db/schema.ts';

export type SessionRow = SessionsTable;

// Runs before every signed-in request, so it is compiled once (see reusableQuery).
const byId = reusableQuery((db: Kysely<Database>, _shape: Record<string, never>, v: { id: string }) =>
  db.selectFrom('sessions').selectAll().where('id', '=', v.id),
);

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async findById(id: string): Promise<SessionRow | undefined> {
    return (await byId(this.db, {}, { id }))[0];
  }

  /**
   * Swaps the refresh hash only if it is still `expectedHash`: of two refreshes racing with the
   * same token, exactly one wins. Returns whether this one did.
   */
  async rotate(
    id: string,
    expectedHash: string,
    nextHash: string,
    now: string,
    expiresAt: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ refresh_hash: nextHash, last_used_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .where('refresh_hash', '=', expectedHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revoke(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every open session of the user; answers how many were open. */
  async revokeAllOfUser(userId: string, now: string): Promise<number> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async revokeAllOfUserExcept(userId: string, keepSessionId: string | undefined, now: string): Promise<void> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }
}
