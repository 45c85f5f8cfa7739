// Seeds a database with set-based SQL (a recursive series on SQLite, generate_series on
// PostgreSQL), fast enough for a million rows. Used by the benchmark and by
// scripts/query-plans.ts. Ids are readable: u1.., v1.., c1.., t1...
// The kept counts (likes_count, comments_count, row_counts) fill as the rows go in: the
// triggers of migration 0005 count every insert, here as in the server (on PostgreSQL once per
// statement, so a million-row insert costs one grouped update).
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/schema.ts';
import { fillWords } from '../src/server/db/migrations/0013-word-search.ts';
import { recount } from '../src/server/db/migrations/0018-course-lesson-summary.ts';

export interface SeedSizes {
  users: number;
  videos: number;
  comments: number;
  /** Of the comments, how many go to video v1 (for deep comment pages). */
  commentsOnV1: number;
  tweets: number;
  videoLikes: number;
  commentLikes: number;
  tweetLikes: number;
  subscriptions: number;
  history: number;
  /** Published courses of five lessons each (and TEN_LESSON_COURSES of ten), and enrolments in them. */
  courses: number;
}

/**
 * Courses of ten lessons each, `kx1`.., besides the five-lesson ones: the API section reads one
 * (a course a teacher fills with a term's lessons).
 */
export const TEN_LESSON_COURSES = 10;

/** A small data set around `videos` videos, for the sections that start their own servers. */
export const smallSeed = (videos: number): SeedSizes => ({
  users: 1_000,
  videos,
  comments: 20_000,
  commentsOnV1: 1_000,
  tweets: 5_000,
  videoLikes: 20_000,
  commentLikes: 5_000,
  tweetLikes: 5_000,
  subscriptions: 2_000,
  history: 2_000,
  courses: 100,
});

/** Stored media keys the rows point at; the benchmark puts real files there. */
export const SEED_MEDIA = {
  avatar: 'images/seed-avatar.webp',
  thumbnail: 'images/seed-thumb.webp',
  video: 'videos/seed-clip.mp4',
};

/** The clip every seeded video names (tests/fixtures/clip.webm). */
const SEED_CLIP_BYTES = fs.statSync(new URL('../tests/fixtures/clip.webm', import.meta.url)).size;

export async function seed(db: Kysely<Database>, kind: DatabaseConfig['kind'], s: SeedSizes): Promise<void> {
  const series = (n: number) =>
    kind === 'sqlite'
      ? `(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${n}) select n from s) as s`
      : `generate_series(1, ${n}) as s(n)`;
  const time = (seconds: string) =>
    kind === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', '2026-06-01', '-' || (${seconds}) || ' seconds')`
      : `timestamptz '2026-06-01T00:00:00Z' - (${seconds}) * interval '1 second'`;
  const run = (text: string) => sql.raw(text).execute(db);
  const u = s.users;

  await run(`insert into users (id, username, email, full_name, password_hash, avatar, cover_image, created_at, updated_at)
    select 'u' || n, 'user' || n, 'user' || n || '@school.example', 'User ' || n, 'x', '${SEED_MEDIA.avatar}', null, ${time('n')}, ${time('n')}
    from ${series(u)}`);
  // Every row names the same small clip (run.ts copies it in), and records its size and its
  // (empty) renditions summary as uploads do.
  await run(`insert into videos (id, owner_id, title, description, video_file, thumbnail, duration, video_bytes, video_mime, rendition_summary, views, created_at, updated_at)
    select 'v' || n, 'u' || (n % ${u} + 1), 'Video ' || n, 'About video ' || n, '${SEED_MEDIA.video}', '${SEED_MEDIA.thumbnail}', 60, ${SEED_CLIP_BYTES}, 'video/webm', '[]', n % 500,
      ${time('n * 7')}, ${time('n * 7')}
    from ${series(s.videos)}`);
  // Search's words (migration 0013) are split by the server's code, not by SQL: filled as the server would.
  await fillWords(db as unknown as Kysely<unknown>, 'videos');
  await run(`insert into comments (id, video_id, owner_id, content, created_at, updated_at)
    select 'c' || n, case when n <= ${s.commentsOnV1} then 'v1' else 'v' || (n % ${s.videos} + 1) end, 'u' || (n % ${u} + 1),
      'Comment ' || n, ${time('n')}, ${time('n')}
    from ${series(s.comments)}`);
  await run(`insert into tweets (id, owner_id, content, created_at, updated_at)
    select 't' || n, 'u' || (n % ${u} + 1), 'Tweet ' || n, ${time('n * 3')}, ${time('n * 3')} from ${series(s.tweets)}`);
  // (user, target) pairs are unique by construction: user = n mod users, target = n div users.
  const likes = (table: string, prefix: string, count: number) =>
    run(`insert into ${table} (id, user_id, target_id, created_at)
      select '${table}' || n, 'u' || (n % ${u} + 1), '${prefix}' || (n / ${u} + 1), ${time('n')} from ${series(count)}`);
  await likes('video_likes', 'v', s.videoLikes);
  await likes('comment_likes', 'c', s.commentLikes);
  await likes('tweet_likes', 't', s.tweetLikes);
  await run(`insert into subscriptions (id, subscriber_id, channel_id, created_at)
    select 's' || n, 'u' || (n % ${u} + 1), 'u' || (n / ${u} + 1), ${time('n')}
    from ${series(s.subscriptions)} where n % ${u} + 1 <> n / ${u} + 1`);
  await run(`insert into watch_history (user_id, video_id, watched_at)
    select 'u' || (n % ${u} + 1), 'v' || (n * 3 % ${s.videos} + 1), ${time('n')} from ${series(s.history)}
    ${kind === 'sqlite' ? 'where true' : ''} on conflict do nothing`);
  // Courses of five lessons each, every user enrolled in a few, all published.
  await run(`insert into courses (id, owner_id, title, description, language, cover, published, created_at, updated_at)
    select 'k' || n, 'u' || (n % ${u} + 1), 'Course ' || n, 'About course ' || n, 'en', null, 1, ${time('n * 11')}, ${time('n * 11')}
    from ${series(s.courses)}`);
  await run(`insert into course_lessons (course_id, video_id, position)
    select 'k' || ((n - 1) / 5 + 1), 'v' || ((n * 13) % ${s.videos} + 1), (n - 1) % 5 + 1
    from ${series(s.courses * 5)} ${kind === 'sqlite' ? 'where true' : ''} on conflict do nothing`);
  // A few courses of ten lessons, each lesson a video of the course's own owner as the contract
  // requires (the five-lesson courses above pick videos of anyone): video m belongs to user
  // m % users + 1, so videos c, c + users, ..., c + 9 * users are all user c + 1's. Made the oldest
  // courses, so that the first pages of the list stay as they were; none when there are too few
  // videos for ten per owner.
  const ten = TEN_LESSON_COURSES;
  if (s.videos >= 9 * u + ten && u > ten) {
    await run(`insert into courses (id, owner_id, title, description, language, cover, published, created_at, updated_at)
      select 'kx' || n, 'u' || (n + 1), 'Ten-lesson course ' || n, 'About ten-lesson course ' || n, 'en', null, 1,
        ${time(`(${s.courses} + n) * 11`)}, ${time(`(${s.courses} + n) * 11`)}
      from ${series(ten)}`);
    await run(`insert into course_lessons (course_id, video_id, position)
      select 'kx' || ((n - 1) / 10 + 1), 'v' || ((n - 1) / 10 + 1 + ((n - 1) % 10) * ${u}), (n - 1) % 10 + 1
      from ${series(ten * 10)}`);
  }
  // Each course's kept lesson summary (migration 0018) and its search words (0017), as the server writes them.
  await sql`update courses set ${recount('courses.id', sql`1 = 1`)}`.execute(db);
  await fillWords(db as unknown as Kysely<unknown>, 'courses');
  await run(`insert into course_enrolments (course_id, user_id, enrolled_at)
    select 'k' || (n % ${s.courses} + 1), 'u' || (n % ${u} + 1), ${time('n')}
    from ${series(s.courses * 3)} ${kind === 'sqlite' ? 'where true' : ''} on conflict do nothing`);
  // SQLite is analyzed the way its own PRAGMA optimize does it, within an analysis limit: that
  // writes the sqlite_stat1 summaries but no STAT4 samples. The server never runs ANALYZE, so a
  // real database has no samples, and with them SQLite plans again, on every run, each statement
  // whose bound value it looked up in them (perf: 11% of the server's CPU on the deep comment
  // page), which would measure a state no installation is in.
  if (kind === 'sqlite') await run('pragma analysis_limit = 1000');
  await run(kind === 'sqlite' ? 'analyze' : 'vacuum analyze');
}

/**
 * A database to seed and throw away: a SQLite file in `dir`, or a new PostgreSQL database made
 * on the server `adminUrl` names (the role needs CREATEDB). `drop` removes it.
 */
export async function scratchDatabase(
  kind: DatabaseConfig['kind'],
  dir: string,
  adminUrl: string | undefined,
): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (kind === 'sqlite')
    return { config: { kind: 'sqlite', file: path.join(dir, 'eduportal.sqlite') }, drop: async () => {} };
  if (!adminUrl) throw new Error('a PostgreSQL URL is needed for a PostgreSQL scratch database');
  const name = `eduportal_scratch_${Date.now()}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', connectionString: url.toString() },
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
}
