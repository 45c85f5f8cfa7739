import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

/** As many videos as the benchmark seeds: a site that upgrades with this many must still start. */
const VIDEOS = 100_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/**
 * Rows as a release before renditions left them: no size of the original, no summary, no job.
 * Set-based, as the benchmark seeds (one statement per table).
 */
async function seedOldVideos(database: TestDatabase): Promise<void> {
  await withoutAutovacuum(database);
  const db = database.db.kysely;
  const postgres = database.db.dialect === 'postgres';
  const series = postgres
    ? `generate_series(1, ${VIDEOS}) as s(n)`
    : `(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${VIDEOS}) select n from s) as s`;
  const time = postgres
    ? `timestamptz '2026-01-01T00:00:00Z' + n * interval '1 second'`
    : `'2026-01-01T00:00:00.000Z'`;
  await sql`insert into users (id, username, email, full_name, password_hash, avatar, created_at, updated_at)
    values ('u1', 'teacher', 'teacher@school.example', 'Teacher', 'x', 'images/a.webp',
      '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
  await sql
    .raw(
      `insert into videos (id, owner_id, title, description, video_file, thumbnail, duration, created_at, updated_at)
       select 'v' || n, 'u1', 'Lesson ' || n, 'An old lesson', 'videos/old-' || n || '.mp4', 'images/t.webp', 60,
         ${time}, ${time}
       from ${series}`,
    )
    .execute(db);
  // Video v2 already had its renditions made and its job done before the summary existed.
  await db
    .insertInto('video_renditions')
    .values([
      {
        video_id: 'v2',
        quality: '144p',
        file: 'renditions/v2-144.mp4',
        bytes: 1234,
        mime_type: 'video/mp4',
        height: 144,
        bitrate: 40_000,
        created_at: '2026-01-02T00:00:00.000Z',
      },
      {
        video_id: 'v2',
        quality: 'audio',
        file: 'renditions/v2-audio.m4a',
        bytes: 321,
        mime_type: 'audio/mp4',
        height: null,
        bitrate: null,
        created_at: '2026-01-02T00:00:00.000Z',
      },
    ])
    .execute();
  await db
    .insertInto('jobs')
    .values({
      id: 'job-v2',
      kind: 'renditions',
      subject: 'v2',
      state: 'done',
      max_attempts: 3,
      run_at: '2026-01-02T00:00:00.000Z',
      progress: 100,
      created_at: '2026-01-02T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    })
    .execute();
  // As a release before renditions left them: migration 0012's rows have no summary yet.
  await sql`update videos set rendition_summary = null, processing_state = null, processing_progress = 0`.execute(
    db,
  );
}

describe.each(databaseKinds)('starting on %s with 100,000 videos that predate renditions', (kind) => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.destroy();
  });

  it(
    'answers within the plugin timeout, then back-fills every video in the background',
    { timeout: 300_000 },
    async () => {
      database = await createTestDatabase(kind);
      await seedOldVideos(database);
      const config: Config = {
        ...loadConfig(
          {
            DATA_DIR: database.dir,
            CLIENT_DIR: path.join(database.dir, 'no-client'),
            LOG_LEVEL: 'silent',
            SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
            // Jobs are queued (this machine's ffmpeg is found) but none is made meanwhile.
            RENDITION_WORKERS: '0',
          },
          database.dir,
        ),
        database: database.config,
      };
      // One original is really there: its size is measured; the others name missing files.
      fs.mkdirSync(path.join(config.mediaDir, 'videos'), { recursive: true });
      const clip = path.resolve(import.meta.dirname, '../fixtures/clip.mp4');
      fs.copyFileSync(clip, path.join(config.mediaDir, 'videos/old-1.mp4'));

      const before = await database.db.kysely
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(before.n)).toBe(1);

      app = await buildApp({ config, db: database.db, logger: false });
      // Fastify fails ready() with "A callback for 'onReady' hook timed out" when a start-up hook
      // takes longer than the plugin timeout (10 s): a start must not wait on old rows.
      await app.ready();
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

      const health = await fetch(`${base}/api/v1/healthcheck`);
      expect(health.status).toBe(200);
      // Answers are right before the back-fill reaches a row (read from the tables meanwhile)...
      const early = (await (await fetch(`${base}/api/v1/videos/v/v2`)).json()) as {
        data: { renditions: unknown[]; processing: unknown };
      };
      expect(early.data.processing).toEqual({ state: 'done', progress: 100 });
      expect(early.data.renditions).toHaveLength(3);

      // ...and the back-fill finishes afterwards: every video summarized, measured and queued.
      type Counts = { summarized: number; sized: number; queued: number; finished: number };
      const counts = async (): Promise<Counts> => {
        const { rows } = await sql<Counts>`
          select (select count(*) from videos where rendition_summary is not null) as summarized,
                 (select count(*) from videos where video_bytes is not null) as sized,
                 (select count(*) from jobs where kind = 'renditions') as queued,
                 (select count(*) from backfills where finished = 1) as finished`.execute(
          database!.db.kysely,
        );
        return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)])) as Counts;
      };
      let now = await counts();
      while (now.finished < 3) {
        // The server keeps answering while the back-fill runs.
        expect((await fetch(`${base}/api/v1/healthcheck`)).status).toBe(200);
        await sleep(250);
        now = await counts();
      }
      expect(now).toEqual({ summarized: VIDEOS, sized: VIDEOS, queued: VIDEOS, finished: 3 });

      const rows = await database.db.kysely
        .selectFrom('videos')
        .select(['id', 'video_bytes', 'video_mime', 'processing_state'])
        .where('id', 'in', ['v1', 'v2', 'v3'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          id: 'v1',
          video_bytes: fs.statSync(clip).size,
          video_mime: 'video/mp4',
          processing_state: 'queued',
        },
        { id: 'v2', video_bytes: 0, video_mime: 'video/mp4', processing_state: 'done' },
        { id: 'v3', video_bytes: 0, video_mime: 'video/mp4', processing_state: 'queued' },
      ]);
      // The summary says what the tables said: the same answer, now from the row alone.
      const late = (await (await fetch(`${base}/api/v1/videos/v/v2`)).json()) as typeof early;
      expect(late.data).toEqual(early.data);
      const list = (await (await fetch(`${base}/api/v1/videos?limit=3`)).json()) as {
        data: { totalDocs: number; docs: Array<{ processing: { state: string } }> };
      };
      expect(list.data.totalDocs).toBe(VIDEOS);
      expect(list.data.docs.map((d) => d.processing.state)).toEqual(['queued', 'queued', 'queued']);
    },
  );
});
