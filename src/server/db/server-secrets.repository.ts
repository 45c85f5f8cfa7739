import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './database.ts';

/**
 * Secrets the server makes for itself. The one that signs access tokens comes from
 * SESSION_SECRET when it is set; otherwise it is made once and kept, so that tokens outlive a
 * restart (docs/deploy.md).
 */
export class ServerSecretsRepository {
  constructor(
    private readonly db: Db,
    /** DATA_DIR: where a school box (SQLite) keeps the secret, beside its database. */
    private readonly dataDir: string,
  ) {}

  async session(fromConfig: string | undefined): Promise<string> {
    if (fromConfig) return fromConfig;
    // PostgreSQL serves many instances: the first one makes the secret and every other instance
    // reads that one, so each checks the tokens the others signed.
    if (this.db.dialect === 'postgres') {
      await this.db.kysely
        .insertInto('server_secrets')
        .values({ name: 'session', value: randomBytes(48).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await this.db.kysely
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', 'session')
        .executeTakeFirstOrThrow();
      return row.value;
    }
    // SQLite is one instance on one machine: a file readable by the server's user alone.
    const file = path.join(this.dataDir, 'session-secret');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(this.dataDir, { recursive: true });
      fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
