import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, VideoProgressTable } from '../../db/schema.ts';

export type ProgressRow = Selectable<VideoProgressTable>;

/**
 * A lesson of one of the asked courses, with the student's place in it if they have one, and
 * whether it has a practice quiz and the student has made an attempt at it.
 */
export interface LessonProgressRow {
  course_id: string;
  video_id: string;
  position: number;
  watched: number | null;
  completed: number | null;
  at: string | null;
  /** The video's quiz (its video id), null when it has none. */
  quiz: string | null;
  /** The student's best score at that quiz, null before their first attempt. */
  practised: number | null;
}

/**
 * `progress_position` and `progress_completed`: where the viewer is in the video `idRef` and
 * whether they finished it (1 or 0), each one lookup in `video_progress`' primary key; both null
 * for no one signed in or a video they never watched (a kept place always has a position). Columns
 * of the statement that reads the videos, as the viewer's best practice score is, so a page of
 * them stays one statement (docs/api.md, "Progress"). Two lookups rather than one because a
 * subquery in a column answers one value, and packing two into one would need JSON functions that
 * SQLite and PostgreSQL spell differently; the second finds its row in pages the first just read.
 */
export function progressColumns(idRef: string, viewerId: string | undefined) {
  if (viewerId === undefined) {
    return [
      sql<number | null>`null`.as('progress_position'),
      sql<number | null>`null`.as('progress_completed'),
    ];
  }
  const lookup = (column: 'position' | 'completed') =>
    sql<
      number | null
    >`(select ${sql.ref(`vp.${column}`)} from video_progress vp where vp.user_id = ${viewerId} and vp.video_id = ${sql.ref(idRef)})`;
  return [lookup('position').as('progress_position'), lookup('completed').as('progress_completed')];
}

export class ProgressRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Keeps the entry unless the stored one is as new or newer, in one statement, so two devices
   * sending at once settle on the later `at` whatever order they arrive in; completed stays
   * completed. Answers the entry as it now stands.
   */
  async record(row: ProgressRow): Promise<ProgressRow> {
    await this.db
      .insertInto('video_progress')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'video_id'])
          .doUpdateSet({
            position: (eb) => eb.ref('excluded.position'),
            at: (eb) => eb.ref('excluded.at'),
            completed: sql<number>`case when excluded.completed = 1 then 1 else video_progress.completed end`,
          })
          .where('video_progress.at', '<', (eb) => eb.ref('excluded.at')),
      )
      .execute();
    return this.db
      .selectFrom('video_progress')
      .selectAll()
      .where('user_id', '=', row.user_id)
      .where('video_id', '=', row.video_id)
      .executeTakeFirstOrThrow();
  }

  async byVideos(userId: string, videoIds: string[]): Promise<ProgressRow[]> {
    return this.db
      .selectFrom('video_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('video_id', 'in', videoIds)
      .execute();
  }

  /** The student's latest places, newest first. */
  async recent(userId: string, limit: number): Promise<ProgressRow[]> {
    return this.db
      .selectFrom('video_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('video_id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Every lesson of the courses, in order, with the student's place in each and whether they
   * have practised it where it has a quiz (one statement: two more primary-key lookups a lesson).
   */
  async lessonsOf(userId: string, courseIds: string[]): Promise<LessonProgressRow[]> {
    if (courseIds.length === 0) return [];
    return this.db
      .selectFrom('course_lessons as l')
      .leftJoin('video_progress as p', (join) =>
        join.onRef('p.video_id', '=', 'l.video_id').on('p.user_id', '=', userId),
      )
      .leftJoin('quizzes as z', 'z.video_id', 'l.video_id')
      .leftJoin('quiz_bests as b', (join) =>
        join.onRef('b.video_id', '=', 'l.video_id').on('b.user_id', '=', userId),
      )
      .select([
        'l.course_id',
        'l.video_id',
        'l.position',
        'p.position as watched',
        'p.completed',
        'p.at',
        'z.video_id as quiz',
        'b.best as practised',
      ])
      .where('l.course_id', 'in', courseIds)
      .orderBy('l.course_id')
      .orderBy('l.position')
      .execute();
  }

  /**
   * For each video, a course it is a lesson of that the student may open: one they are enrolled
   * in first, else a published one, else their own.
   */
  async coursesOf(userId: string, videoIds: string[]): Promise<Map<string, { _id: string; title: string }>> {
    if (videoIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('course_lessons as l')
      .innerJoin('courses as c', 'c.id', 'l.course_id')
      .leftJoin('course_enrolments as e', (join) =>
        join.onRef('e.course_id', '=', 'c.id').on('e.user_id', '=', userId),
      )
      .select(['l.video_id', 'c.id', 'c.title', 'e.user_id as enrolled'])
      .where('l.video_id', 'in', videoIds)
      .where((eb) => eb.or([eb('c.published', '=', 1), eb('c.owner_id', '=', userId)]))
      .orderBy('c.created_at', 'desc')
      .execute();
    const found = new Map<string, { _id: string; title: string; enrolled: boolean }>();
    for (const r of rows) {
      const known = found.get(r.video_id);
      if (!known || (!known.enrolled && r.enrolled !== null)) {
        found.set(r.video_id, { _id: r.id, title: r.title, enrolled: r.enrolled !== null });
      }
    }
    return new Map([...found].map(([id, c]) => [id, { _id: c._id, title: c.title }]));
  }
}
