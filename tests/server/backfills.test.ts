import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import {
  BackfillRunner,
  reopenBackfill,
  type Backfill,
  type KeyRange,
} from '../../src/server/jobs/backfills.ts';
import { renditionsJobsBackfill } from '../../src/server/modules/renditions/renditions.backfills.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

const VIDEOS = 1000;

/**
 * PostgreSQL's autovacuum visits a table soon after thousands of rows change, as a superuser,
 * and a test's role may not end that session when the test drops its database: off for this
 * throwaway database's tables, so that dropping it never depends on autovacuum's timing.
 */
async function withoutAutovacuum(database: TestDatabase): Promise<void> {
  if (database.db.dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public'`.execute(database.db.kysely);
  for (const { name } of rows)
    await sql`alter table ${sql.table(name)} set (autovacuum_enabled = false, toast.autovacuum_enabled = false)`.execute(
      database.db.kysely,
    );
}

async function seedVideos(database: TestDatabase, from: number, to: number): Promise<void> {
  await withoutAutovacuum(database);
  const db = database.db.kysely;
  await sql`insert into users (id, username, email, full_name, password_hash, avatar, created_at, updated_at)
    values ('u1', 'teacher', 'teacher@school.example', 'Teacher', 'x', 'images/a.webp',
      '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z') on conflict do nothing`.execute(db);
  const rows = [];
  for (let n = from; n <= to; n++) {
    rows.push({
      id: `v${String(n).padStart(5, '0')}`,
      owner_id: 'u1',
      title: `Lesson ${n}`,
      description: '',
      video_file: `videos/${n}.mp4`,
      thumbnail: 'images/t.webp',
      duration: 60,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('videos')
      .values(rows.slice(i, i + 200))
      .execute();
}

const jobCount = async (database: TestDatabase) =>
  Number(
    (
      await database.db.kysely
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'renditions')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(databaseKinds)('back-fills on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
  });

  const jobs = (dialect: 'sqlite' | 'postgres') =>
    renditionsJobsBackfill(dialect, { maxAttempts: 3, enabled: () => true, now: () => new Date() });

  /** The jobs back-fill, recording each range it writes and failing at the `failAt`-th. */
  const recorded = (
    dialect: 'sqlite' | 'postgres',
    ranges: KeyRange[],
    failAt?: number,
  ): Backfill<undefined> => {
    const inner = jobs(dialect);
    return {
      ...inner,
      async write(trx, range, prepared) {
        if (ranges.length + 1 === failAt) throw new Error('the process died here');
        ranges.push(range);
        return inner.write(trx, range, prepared);
      },
    };
  };

  it('resumes after the last batch that committed, queues each video once, and costs nothing once finished', async () => {
    database = await createTestDatabase(kind);
    await seedVideos(database, 1, VIDEOS);
    const dialect = database.db.dialect;

    const first: KeyRange[] = [];
    const interrupted = new BackfillRunner(database.db, [recorded(dialect, first, 4)], { batchSize: 100 });
    await expect(interrupted.run()).rejects.toThrow('the process died here');
    expect(first).toHaveLength(3);
    expect(await jobCount(database)).toBe(300);

    const second: KeyRange[] = [];
    const resumed = new BackfillRunner(database.db, [recorded(dialect, second)], { batchSize: 100 });
    expect(await resumed.run()).toEqual({ 'renditions jobs': VIDEOS - 300 });
    // It started where the third batch ended, not from the first video.
    expect(second[0]!.after).toBe(first[2]!.upTo);
    expect(second).toHaveLength(7);
    expect(await jobCount(database)).toBe(VIDEOS);
    const queued = await database.db.kysely
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('processing_state', '=', 'queued')
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(VIDEOS);
    expect(await resumed.finished()).toBe(true);

    // Finished: a later start writes nothing.
    const third: KeyRange[] = [];
    expect(await new BackfillRunner(database.db, [recorded(dialect, third)]).run()).toEqual({
      'renditions jobs': 0,
    });
    expect(third).toEqual([]);

    // Reopened (a video was uploaded while the server had no ffmpeg): that video is queued next time.
    await seedVideos(database, VIDEOS + 1, VIDEOS + 1);
    await reopenBackfill(database.db.kysely, 'renditions jobs');
    expect(await new BackfillRunner(database.db, [jobs(dialect)]).run()).toEqual({ 'renditions jobs': 1 });
    expect(await jobCount(database)).toBe(VIDEOS + 1);
  });

  it('is done by one of several instances starting at once', async () => {
    database = await createTestDatabase(kind);
    await seedVideos(database, 1, VIDEOS);
    const others = kind === 'postgres' ? [openDatabase(database.config), openDatabase(database.config)] : [];
    try {
      const dbs = [database.db, ...others];
      const results = await Promise.all(
        dbs.map((db) => new BackfillRunner(db, [jobs(db.dialect)], { batchSize: 100 }).run()),
      );
      const written = results.map((r) => r['renditions jobs'] ?? 0);
      expect(written.reduce((a, b) => a + b, 0)).toBe(VIDEOS);
      expect(await jobCount(database)).toBe(VIDEOS);
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });
});
