import type { Kysely } from 'kysely';
import { isUniqueViolation } from './errors.ts';
import type { Database, IdempotencyKeysTable } from './schema.ts';

export type IdempotencyRow = IdempotencyKeysTable;

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims (scope, key) for a request about to run; false when it was claimed before. */
  async claim(scope: string, key: string, fingerprint: string, now: string): Promise<boolean> {
    try {
      await this.db
        .insertInto('idempotency_keys')
        .values({ scope, key, fingerprint, status_code: null, response: null, created_at: now })
        .execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async find(scope: string, key: string): Promise<IdempotencyRow | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async complete(scope: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  }

  /** Removes a claim whose request did not finish (so the client's retry can run it). */
  async release(scope: string, key: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
  }

  /** Removes a claim left running since before `olderThan` (its process died mid-request). */
  async releaseAbandoned(scope: string, key: string, olderThan: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('status_code', 'is', null)
      .where('created_at', '<', olderThan)
      .execute();
  }

  async purgeOlderThan(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
