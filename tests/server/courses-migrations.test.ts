import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows written as an older schema had them
type Untyped = any;

// Migrations 0017 (course words, cover index) and 0018 (kept lesson summary, published count) on
// courses that were there before them; and both stepping down again.
describe.each(databaseKinds)('course migrations on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
  });

  it('give the courses already there their words, lesson summary and published count, and step down', async () => {
    database = await createTestDatabase(kind, { migrate: false });
    await migrateTo(database.db, '0016-progress');
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
    const video = (id: string, duration: number) => ({
      id,
      owner_id: 'u1',
      title: id,
      description: '',
      video_file: `${id}.mp4`,
      thumbnail: `${id}.webp`,
      duration,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('videos')
      .values([video('v1', 60), video('v2', 90)])
      .execute();
    const course = (id: string, title: string, published: number) => ({
      id,
      owner_id: 'u1',
      title,
      description: 'गणित की किताब',
      language: 'hi',
      cover: null,
      published,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('courses')
      .values([course('k1', 'Fractions', 1), course('k2', 'Draft', 0), course('k3', 'Empty', 1)])
      .execute();
    await db
      .insertInto('course_lessons')
      .values([
        { course_id: 'k1', video_id: 'v1', position: 1 },
        { course_id: 'k1', video_id: 'v2', position: 2 },
        { course_id: 'k2', video_id: 'v2', position: 1 },
      ])
      .execute();

    await migrateToLatest(database.db);
    const courses = await db
      .selectFrom('courses')
      .select(['id', 'title_words', 'description_words', 'lessons_count', 'total_duration'])
      .orderBy('id')
      .execute();
    expect(courses.map((c: Untyped) => ({ ...c, total_duration: Number(c.total_duration) }))).toEqual([
      {
        id: 'k1',
        title_words: 'fractions',
        description_words: 'गणित की किताब',
        lessons_count: 2,
        total_duration: 150,
      },
      {
        id: 'k2',
        title_words: 'draft',
        description_words: 'गणित की किताब',
        lessons_count: 1,
        total_duration: 90,
      },
      {
        id: 'k3',
        title_words: 'empty',
        description_words: 'गणित की किताब',
        lessons_count: 0,
        total_duration: 0,
      },
    ]);
    const kept = await db.selectFrom('course_counts').select(['name', 'n']).execute();
    expect(kept.map((r: Untyped) => [r.name, Number(r.n)])).toEqual([['published', 2]]);

    // The triggers: a deleted video leaves its courses' numbers, publishing counts.
    await db.deleteFrom('videos').where('id', '=', 'v2').execute();
    await db.updateTable('courses').set({ published: 1 }).where('id', '=', 'k2').execute();
    const after = await db
      .selectFrom('courses')
      .select(['id', 'lessons_count', 'total_duration'])
      .orderBy('id')
      .execute();
    expect(after.map((c: Untyped) => [c.id, Number(c.lessons_count), Number(c.total_duration)])).toEqual([
      ['k1', 1, 60],
      ['k2', 0, 0],
      ['k3', 0, 0],
    ]);
    const counted = await db.selectFrom('course_counts').select('n').executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(3);

    // Down to 0016 and up again.
    await migrateTo(database.db, '0016-progress');
    await migrateToLatest(database.db);
    const again = await db.selectFrom('courses').select(['id', 'lessons_count']).orderBy('id').execute();
    expect(again.map((c: Untyped) => [c.id, Number(c.lessons_count)])).toEqual([
      ['k1', 1],
      ['k2', 0],
      ['k3', 0],
    ]);
  });
});
