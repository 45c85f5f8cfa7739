import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

/**
 * The databases every database test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL
 * names a server where this role may create databases (each test file gets its own, dropped
 * afterwards, so tests never see each other's rows).
 */
export const databaseKinds: Array<DatabaseConfig['kind']> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  db: Db;
  config: DatabaseConfig;
  /** A throwaway folder for this database's files (SQLite) and media. */
  dir: string;
  destroy(): Promise<void>;
}

export async function createTestDatabase(
  kind: DatabaseConfig['kind'],
  { migrate = true } = {},
): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduportal-test-'));
  let config: DatabaseConfig;
  let dropDatabase = async () => {};

  if (kind === 'sqlite') {
    config = { kind: 'sqlite', file: path.join(dir, 'test.sqlite') };
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `eduportal_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    config = { kind: 'postgres', connectionString: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // FORCE ends the test's own connections, but a role without pg_signal_backend may not end
        // an autovacuum worker that happens to be visiting the new database (SQLSTATE 42501);
        // that worker is done within moments, so the drop is tried again a few times.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    };
  }

  const db = openDatabase(config);
  if (migrate) await migrateToLatest(db);
  return {
    db,
    config,
    dir,
    async destroy() {
      await db.close();
      await dropDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A user `u1` and a video `v1` of theirs, written with the columns every schema version has: what
 * a migration test puts in a database at an older version before stepping it up.
 */
export async function insertOldVideo(db: Db): Promise<void> {
  const kysely = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const at = new Date().toISOString();
  await kysely
    .insertInto('users')
    .values({
      id: 'u1',
      username: 'u1',
      email: 'u1@school.example',
      full_name: 'u1',
      password_hash: 'x',
      avatar: 'images/a.webp',
      created_at: at,
      updated_at: at,
    })
    .execute();
  await kysely
    .insertInto('videos')
    .values({
      id: 'v1',
      owner_id: 'u1',
      title: 'Old',
      description: '',
      video_file: 'videos/v.mp4',
      thumbnail: 'images/t.webp',
      duration: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
