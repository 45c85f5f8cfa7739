import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { CoursesTable, Database } from '../../db/schema.ts';
import { ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type CourseRow = Selectable<CoursesTable>;
export type CourseListRow = CourseRow & OwnerRow;

/** What a course's lessons add up to, read from the lesson rows and their videos. */
export interface LessonStats {
  count: number;
  duration: number;
}

/**
 * Courses, their ordered lessons and enrolments. Lists read a page from their index newest first
 * (OFFSET over at most the site's courses, a few thousand index entries at worst); counts are
 * counted, as a course list is small beside the videos and comments.
 */
export class CoursesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOwner() {
    return this.db
      .selectFrom('courses as c')
      .innerJoin('users as o', 'o.id', 'c.owner_id')
      .selectAll('c')
      .select(ownerColumns);
  }

  async insert(row: Insertable<CoursesTable>): Promise<void> {
    await this.db.insertInto('courses').values(row).execute();
  }

  async find(id: string): Promise<CourseRow | undefined> {
    return this.db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findWithOwner(id: string): Promise<CourseListRow | undefined> {
    return this.withOwner().where('c.id', '=', id).executeTakeFirst();
  }

  async update(
    id: string,
    fields: Partial<Pick<CourseRow, 'title' | 'description' | 'language' | 'published'>>,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('courses')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('courses').where('id', '=', id).execute();
  }

  /** Published courses, newest first. */
  async listPublished(page: PageQuery): Promise<{ rows: CourseListRow[]; total: number }> {
    return this.listWhere({ published: true }, page);
  }

  /** One owner's courses, newest first; unpublished ones only when `withDrafts`. */
  async listByOwner(
    ownerId: string,
    withDrafts: boolean,
    page: PageQuery,
  ): Promise<{ rows: CourseListRow[]; total: number }> {
    return this.listWhere({ ownerId, published: !withDrafts }, page);
  }

  /** A page of courses, newest first, and how many there are, narrowed by owner and by published. */
  private async listWhere(
    only: { ownerId?: string; published: boolean },
    page: PageQuery,
  ): Promise<{ rows: CourseListRow[]; total: number }> {
    let count = this.db.selectFrom('courses as c').select((eb) => eb.fn.countAll<number>().as('n'));
    let rows = this.withOwner();
    if (only.ownerId !== undefined) {
      count = count.where('c.owner_id', '=', only.ownerId);
      rows = rows.where('c.owner_id', '=', only.ownerId);
    }
    if (only.published) {
      count = count.where('c.published', '=', 1);
      rows = rows.where('c.published', '=', 1);
    }
    const [counted] = await count.execute();
    const found = await rows
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute();
    return { rows: found, total: Number(counted?.n ?? 0) };
  }

  /**
   * The courses `userId` is enrolled in, latest enrolment first: published ones, and their own
   * drafts (an owner may try a course out before publishing it).
   */
  async listEnrolled(userId: string, page: PageQuery): Promise<{ rows: CourseListRow[]; total: number }> {
    const base = this.db
      .selectFrom('course_enrolments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .where('e.user_id', '=', userId)
      .where((eb) => eb.or([eb('c.published', '=', 1), eb('c.owner_id', '=', userId)]));
    const [counted] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
    const rows = await base
      .innerJoin('users as o', 'o.id', 'c.owner_id')
      .selectAll('c')
      .select(ownerColumns)
      .orderBy('e.enrolled_at', 'desc')
      .orderBy('e.course_id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute();
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** Each course's lesson count and total duration, in one statement for a page of courses. */
  async lessonStats(courseIds: string[]): Promise<Map<string, LessonStats>> {
    if (courseIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('course_lessons as l')
      .innerJoin('videos as v', 'v.id', 'l.video_id')
      .select((eb) => [
        'l.course_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('v.duration').as('duration'),
      ])
      .where('l.course_id', 'in', courseIds)
      .groupBy('l.course_id')
      .execute();
    return new Map(rows.map((r) => [r.course_id, { count: Number(r.n), duration: Number(r.duration ?? 0) }]));
  }

  /** Which of `courseIds` `userId` is enrolled in. */
  async enrolledAmong(userId: string, courseIds: string[]): Promise<Set<string>> {
    if (courseIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('course_enrolments')
      .select('course_id')
      .where('user_id', '=', userId)
      .where('course_id', 'in', courseIds)
      .execute();
    return new Set(rows.map((r) => r.course_id));
  }

  /** The course's lessons' videos, in order. */
  async lessonVideoIds(courseId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('course_lessons')
      .select('video_id')
      .where('course_id', '=', courseId)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.video_id);
  }

  /** Replaces the course's lessons with `videoIds`, in that order, in one transaction. */
  async setLessons(courseId: string, videoIds: string[], now: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('course_lessons').where('course_id', '=', courseId).execute();
      await tx
        .insertInto('course_lessons')
        .values(videoIds.map((videoId, i) => ({ course_id: courseId, video_id: videoId, position: i + 1 })))
        .execute();
      await tx.updateTable('courses').set({ updated_at: now }).where('id', '=', courseId).execute();
    });
  }

  /** Enrols or leaves; repeating either changes nothing. */
  async setEnrolment(courseId: string, userId: string, enrolled: boolean, now: string): Promise<void> {
    if (enrolled) {
      await this.db
        .insertInto('course_enrolments')
        .values({ course_id: courseId, user_id: userId, enrolled_at: now })
        .onConflict((oc) => oc.columns(['course_id', 'user_id']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom('course_enrolments')
        .where('course_id', '=', courseId)
        .where('user_id', '=', userId)
        .execute();
    }
  }
}
