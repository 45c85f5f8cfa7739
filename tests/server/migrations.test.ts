import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

describe.each(databaseKinds)('migrations on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
  });

  it('bring an empty database to the latest schema, once', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    const first = await migrateToLatest(database.db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['0001-contact-messages', 'Success'],
      ['0002-accounts', 'Success'],
      ['0003-channels', 'Success'],
      ['0004-social', 'Success'],
      ['0005-counters', 'Success'],
      ['0006-media-references', 'Success'],
      ['0007-uploads', 'Success'],
      ['0008-video-search', 'Success'],
      ['0009-renditions', 'Success'],
      ['0010-server-secrets', 'Success'],
      ['0011-media-writes', 'Success'],
      ['0012-video-media-summary', 'Success'],
      ['0013-word-search', 'Success'],
      ['0014-disabled-accounts', 'Success'],
      ['0015-courses', 'Success'],
      ['0016-progress', 'Success'],
      ['0017-course-cover-and-search', 'Success'],
      ['0018-course-lesson-summary', 'Success'],
      ['0019-captions', 'Success'],
      ['0020-practice', 'Success'],
      ['0021-course-summary-locks', 'Success'],
    ]);
    const second = await migrateToLatest(database.db);
    expect(second.results).toEqual([]);

    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db.kysely,
    );
    expect(applied.rows.map((r) => r.name)).toEqual([
      '0001-contact-messages',
      '0002-accounts',
      '0003-channels',
      '0004-social',
      '0005-counters',
      '0006-media-references',
      '0007-uploads',
      '0008-video-search',
      '0009-renditions',
      '0010-server-secrets',
      '0011-media-writes',
      '0012-video-media-summary',
      '0013-word-search',
      '0014-disabled-accounts',
      '0015-courses',
      '0016-progress',
      '0017-course-cover-and-search',
      '0018-course-lesson-summary',
      '0019-captions',
      '0020-practice',
      '0021-course-summary-locks',
    ]);
  });

  it('0013 gives the videos already there their words and vocabulary, and steps down to trigrams', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await migrateTo(database.db, '0012-video-media-summary');
    const db = database.db.kysely as unknown as Kysely<Untyped>;
    const at = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        username: 'u1',
        email: 'u1@school.example',
        full_name: 'u1',
        password_hash: 'x',
        avatar: 'a.webp',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const video = (id: string, title: string, description: string) => ({
      id,
      owner_id: 'u1',
      title,
      description,
      video_file: 'v.mp4',
      thumbnail: 't.webp',
      duration: 1,
      created_at: at,
      updated_at: at,
    });
    // More rows than one batch of the fill.
    await db
      .insertInto('videos')
      .values([
        video('v-hindi', 'गणित की किताब', 'भिन्न, दशमलव'),
        ...Array.from({ length: 620 }, (_, i) =>
          video(`v${String(i).padStart(3, '0')}`, `Old Lesson ${i}`, 'For-beginners!'),
        ),
      ])
      .execute();
    await migrateToLatest(database.db);
    const words = await db
      .selectFrom('videos')
      .select(['id', 'title_words', 'description_words'])
      .orderBy('id')
      .execute();
    expect(words.find((w) => w.id === 'v000')).toEqual({
      id: 'v000',
      title_words: 'old lesson 0',
      description_words: 'for beginners',
    });
    expect(words.find((w) => w.id === 'v-hindi')).toEqual({
      id: 'v-hindi',
      title_words: 'गणित की किताब',
      description_words: 'भिन्न दशमलव',
    });
    expect(words.every((w) => w.title_words !== '')).toBe(true);
    const vocab = await sql<{
      term: string;
      doc: number;
    }>`select term, doc from videos_words_vocab where term in ('old', 'beginners', 'किताब') order by term`.execute(
      db,
    );
    expect(vocab.rows.map((r) => [r.term, Number(r.doc)])).toEqual([
      ['beginners', 620],
      ['old', 620],
      ['किताब', 1],
    ]);
    await migrateTo(database.db, '0012-video-media-summary');
    const columns = await db.selectFrom('videos').selectAll().limit(1).execute();
    expect(Object.keys(columns[0]!)).not.toContain('title_words');
    await migrateToLatest(database.db);
  });

  it('run once when several instances start at once (docs/deploy.md, "Migrations")', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    // Three instances, each with its own pool, as N app processes starting together would be.
    // SQLite is one process's file: there the instances are one connection taking turns.
    const others = kind === 'postgres' ? [openDatabase(database.config), openDatabase(database.config)] : [];
    try {
      const all = [database.db, ...others];
      const results = await Promise.all(all.map((db) => migrateToLatest(db)));
      const ran = results.map((r) => r.results?.length ?? 0).sort((x, y) => x - y);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(
        database.db.kysely,
      );
      // One instance ran every migration; the others found nothing left to do.
      expect(applied.rows.length).toBeGreaterThanOrEqual(9);
      expect(ran.slice(0, -1).every((n) => n === 0)).toBe(true);
      expect(ran.at(-1)).toBe(applied.rows.length);
      expect(new Set(applied.rows.map((r) => r.name)).size).toBe(applied.rows.length);
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });

  // The lock that orders instances is held by one transaction: every migration must run and be
  // recorded in it. A migration that ended it (0005 once sent its own BEGIN and COMMIT) released
  // the lock halfway, and the rest ran unlocked, one statement at a time. kysely_migration's rows
  // then came from several transactions, whatever the timing.
  it.runIf(kind === 'postgres')('run all in the one transaction that holds the lock', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await migrateToLatest(database.db);
    const { rows } = await sql<{ name: string; xmin: string }>`
      select name, xmin::text as xmin from kysely_migration`.execute(database.db.kysely);
    expect(rows.map((r) => r.name)).toContain('0005-counters');
    expect(new Set(rows.map((r) => r.xmin)).size).toBe(1);
  });

  // A failed run leaves nothing behind: not its changes, and no advisory lock held on a pooled
  // connection for the next run (or another instance) to wait on; and it names the migration
  // that failed, with its own error, not that of a statement sent after it in the aborted
  // transaction.
  it.runIf(kind === 'postgres')('report a failed migration by name and leave no lock held', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await migrateTo(database.db, '0002-accounts');
    // A table in the way of one of 0003's.
    await sql`create table subscriptions (id text)`.execute(database.db.kysely);
    await expect(migrateToLatest(database.db)).rejects.toThrow(
      /migration 0003-channels failed: .*"subscriptions" already exists/,
    );
    const other = openDatabase(database.config);
    try {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`.execute(
        other.kysely,
      );
      expect(rows[0]?.n).toBe(0);
      await expect(migrateToLatest(other)).rejects.toThrow(/migration 0003-channels failed/);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        other.kysely,
      );
      expect(applied.rows.map((r) => r.name)).toEqual(['0001-contact-messages', '0002-accounts']);
    } finally {
      await other.close();
    }
  });

  it('0005 counts the rows already there, and its triggers keep every count exact', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await migrateTo(database.db, '0004-social');
    const db = database.db.kysely as unknown as Kysely<Untyped>;
    const now = '2026-01-01T00:00:00.000Z';
    const times = { created_at: now, updated_at: now };
    await db
      .insertInto('users')
      .values(
        ['u1', 'u2', 'u3'].map((id) => ({
          id,
          username: id,
          email: `${id}@school.example`,
          full_name: id,
          password_hash: 'x',
          avatar: 'a.webp',
          ...times,
        })),
      )
      .execute();
    const video = (id: string, owner: string) => ({
      id,
      owner_id: owner,
      title: id,
      description: '',
      video_file: 'v.mp4',
      thumbnail: 't.webp',
      duration: 1,
      ...times,
    });
    await db
      .insertInto('videos')
      .values([video('v1', 'u1'), video('v2', 'u2'), video('v3', 'u3')])
      .execute();
    const comment = (id: string, videoId: string, owner: string) => ({
      id,
      video_id: videoId,
      owner_id: owner,
      content: id,
      ...times,
    });
    await db
      .insertInto('comments')
      .values([comment('c1', 'v1', 'u2'), comment('c2', 'v1', 'u3'), comment('c3', 'v2', 'u1')])
      .execute();
    await db
      .insertInto('tweets')
      .values([
        { id: 't1', owner_id: 'u1', content: 't1', ...times },
        { id: 't2', owner_id: 'u2', content: 't2', ...times },
      ])
      .execute();
    const like = (table: string, user: string, target: string) =>
      db
        .insertInto(table)
        .values({ id: `${table}-${user}-${target}`, user_id: user, target_id: target, created_at: now })
        .execute();
    await like('video_likes', 'u1', 'v1');
    await like('video_likes', 'u2', 'v1');
    await like('video_likes', 'u3', 'v1');
    await like('video_likes', 'u3', 'v2');
    await like('comment_likes', 'u1', 'c1');
    await like('comment_likes', 'u3', 'c1');
    await like('tweet_likes', 'u2', 't1');

    await migrateToLatest(database.db);

    const counts = async () => ({
      videos: await db
        .selectFrom('videos')
        .select(['id', 'likes_count', 'comments_count'])
        .orderBy('id')
        .execute(),
      comments: await db.selectFrom('comments').select(['id', 'likes_count']).orderBy('id').execute(),
      tweets: await db.selectFrom('tweets').select(['id', 'likes_count']).orderBy('id').execute(),
      totals: await db.selectFrom('row_counts').select(['table_name', 'n']).orderBy('table_name').execute(),
    });
    /** The counts as counting the rows gives them. */
    const recount = async () => ({
      videos: (
        await sql<{ id: string; likes_count: number; comments_count: number }>`
          select id,
            (select count(*) from video_likes where target_id = videos.id) as likes_count,
            (select count(*) from comments where video_id = videos.id) as comments_count
          from videos order by id`.execute(db)
      ).rows,
      comments: (
        await sql<{ id: string; likes_count: number }>`
          select id, (select count(*) from comment_likes where target_id = comments.id) as likes_count
          from comments order by id`.execute(db)
      ).rows,
      tweets: (
        await sql<{ id: string; likes_count: number }>`
          select id, (select count(*) from tweet_likes where target_id = tweets.id) as likes_count
          from tweets order by id`.execute(db)
      ).rows,
      totals: [
        {
          table_name: 'tweets',
          n: (await sql<{ n: number }>`select count(*) as n from tweets`.execute(db)).rows[0]!.n,
        },
        {
          table_name: 'videos',
          n: (await sql<{ n: number }>`select count(*) as n from videos`.execute(db)).rows[0]!.n,
        },
      ],
    });
    const numeric = (v: Awaited<ReturnType<typeof counts>>) =>
      JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x)));

    expect(await counts()).toEqual({
      videos: [
        { id: 'v1', likes_count: 3, comments_count: 2 },
        { id: 'v2', likes_count: 1, comments_count: 1 },
        { id: 'v3', likes_count: 0, comments_count: 0 },
      ],
      comments: [
        { id: 'c1', likes_count: 2 },
        { id: 'c2', likes_count: 0 },
        { id: 'c3', likes_count: 0 },
      ],
      tweets: [
        { id: 't1', likes_count: 1 },
        { id: 't2', likes_count: 0 },
      ],
      totals: [
        { table_name: 'tweets', n: 2 },
        { table_name: 'videos', n: 3 },
      ],
    });

    // Inserts that a conflict turns into nothing count nothing; deletes of nothing neither.
    await db
      .insertInto('video_likes')
      .values({ id: 'again', user_id: 'u1', target_id: 'v1', created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'target_id']).doNothing())
      .execute();
    await db.deleteFrom('video_likes').where('user_id', '=', 'u1').where('target_id', '=', 'v3').execute();
    // One statement that adds several likes to several targets.
    await db
      .insertInto('comment_likes')
      .values([
        { id: 'b1', user_id: 'u2', target_id: 'c2', created_at: now },
        { id: 'b2', user_id: 'u3', target_id: 'c2', created_at: now },
        { id: 'b3', user_id: 'u2', target_id: 'c3', created_at: now },
      ])
      .execute();
    await db.insertInto('videos').values(video('v4', 'u1')).execute();
    await db
      .insertInto('comments')
      .values(comment('c4', 'v4', 'u3'))
      .execute();
    await like('video_likes', 'u2', 'v4');
    await like('comment_likes', 'u1', 'c4');
    expect(numeric(await counts())).toEqual(numeric(await recount()));

    // Cascades: a deleted user takes their likes, comments, videos and tweets along, and every
    // count those touched follows.
    await db.deleteFrom('users').where('id', '=', 'u3').execute();
    const afterUser = numeric(await counts());
    expect(afterUser).toEqual(numeric(await recount()));
    expect(afterUser.videos).toContainEqual({ id: 'v1', likes_count: 2, comments_count: 1 });
    expect(afterUser.comments).toContainEqual({ id: 'c1', likes_count: 1 });
    // A deleted video takes its comments (and their likes) and its likes.
    await db.deleteFrom('videos').where('id', '=', 'v1').execute();
    await db.deleteFrom('tweets').where('id', '=', 't1').execute();
    await db.deleteFrom('comments').where('id', '=', 'c3').execute();
    const afterDeletes = numeric(await counts());
    expect(afterDeletes).toEqual(numeric(await recount()));
    expect(afterDeletes.totals).toEqual([
      { table_name: 'tweets', n: 1 },
      { table_name: 'videos', n: 2 },
    ]);

    // And the migration can be undone and done again.
    await migrateTo(database.db, '0004-social');
    await migrateToLatest(database.db);
    expect(numeric(await counts())).toEqual(numeric(await recount()));
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows written as the SQL of an older schema
type Untyped = Record<string, any>;
