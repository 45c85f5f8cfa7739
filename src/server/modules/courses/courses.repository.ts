import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Dialect } from '../../db/database.ts';
import { recount } from '../../db/migrations/0018-course-lesson-summary.ts';
import { reusableQuery } from '../../db/reusable.ts';
import type { CoursesTable, Database } from '../../db/schema.ts';
import { RememberedSearches, searchByWords } from '../../db/search.ts';
import { searchWords } from '../../db/words.ts';
import { ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type CourseRow = Selectable<CoursesTable>;
/** A course joined to its owner and, for a signed-in viewer, whether they are enrolled (1/0, true/false). */
export type CourseListRow = CourseRow & OwnerRow & { enrolled?: number | boolean | null };

/**
 * `enrolled`: whether the viewer follows the course `c` (one lookup in the enrolments' primary
 * key); no column when no one is signed in.
 */
const enrolledColumn = (viewerId: string | undefined) =>
  viewerId === undefined
    ? []
    : [
        sql<number>`exists (select 1 from course_enrolments ce where ce.course_id = c.id and ce.user_id = ${viewerId})`.as(
          'enrolled',
        ),
      ];

/** Which courses a list holds. */
type ListKind = 'published' | 'owner' | 'ownerAll' | 'enrolled';

/**
 * A page of courses and how many the list has, in one statement: the rows in their index's order,
 * each joined to its owner, with the course's kept lesson summary (migration 0018), whether the
 * viewer is enrolled (one lookup in the enrolments' primary key per row), and the list's count as
 * a column. Built and compiled once per shape (reusable.ts).
 */
const pageQuery = reusableQuery(
  (
    db: Kysely<Database>,
    shape: { kind: ListKind; viewer: boolean; limit: number; offset: number },
    v: { ownerId: string; viewerId: string },
  ) => {
    const enrolled = enrolledColumn(shape.viewer ? v.viewerId : undefined);
    if (shape.kind === 'enrolled') {
      // Published ones, and the viewer's own drafts (an owner may try a course out first).
      const mine = (
        q: ExpressionBuilder<
          Database & { e: Database['course_enrolments'] } & { c: Database['courses'] },
          'e' | 'c'
        >,
      ) =>
        q.and([
          q('e.user_id', '=', v.viewerId),
          q.or([q('c.published', '=', 1), q('c.owner_id', '=', v.viewerId)]),
        ]);
      return db
        .selectFrom('course_enrolments as e')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .innerJoin('users as o', 'o.id', 'c.owner_id')
        .selectAll('c')
        .select(ownerColumns)
        .select(sql<number>`1`.as('enrolled'))
        .select((eb) =>
          eb
            .selectFrom('course_enrolments as e')
            .innerJoin('courses as c', 'c.id', 'e.course_id')
            .select((n) => n.fn.countAll<number>().as('n'))
            .where(mine)
            .as('list_total'),
        )
        .where(mine)
        .orderBy('e.enrolled_at', 'desc')
        .orderBy('e.course_id', 'desc')
        .limit(shape.limit)
        .offset(shape.offset);
    }
    const narrowed = shape.kind !== 'published';
    const onlyPublished = shape.kind !== 'ownerAll';
    // The published courses' total is kept (migration 0018); one owner's few are counted.
    let counted = db
      .selectFrom('courses')
      .select((n) => n.fn.countAll<number>().as('n'))
      .where('owner_id', '=', v.ownerId);
    if (onlyPublished) counted = counted.where('published', '=', 1);
    const total = narrowed
      ? counted
      : db.selectFrom('course_counts').select('n').where('name', '=', 'published');
    if (shape.offset === 0) {
      let rows = db
        .selectFrom('courses as c')
        .innerJoin('users as o', 'o.id', 'c.owner_id')
        .selectAll('c')
        .select(ownerColumns)
        .select(enrolled)
        .select(total.as('list_total'));
      if (narrowed) rows = rows.where('c.owner_id', '=', v.ownerId);
      if (onlyPublished) rows = rows.where('c.published', '=', 1);
      return rows.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(shape.limit);
    }
    // A later page takes its ids from the index alone, stepping over the earlier entries without
    // reading their rows, then reads and joins the page's own (as paging.ts does for videos).
    let ids = db.selectFrom('courses').select('id');
    if (narrowed) ids = ids.where('owner_id', '=', v.ownerId);
    if (onlyPublished) ids = ids.where('published', '=', 1);
    return db
      .selectFrom(
        ids
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(shape.limit)
          .offset(shape.offset)
          .as('p'),
      )
      .crossJoin('courses as c')
      .crossJoin('users as o')
      .whereRef('c.id', '=', 'p.id')
      .whereRef('o.id', '=', 'c.owner_id')
      .selectAll('c')
      .select(ownerColumns)
      .select(enrolled)
      .select(total.as('list_total'))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc');
  },
);

const oneQuery = reusableQuery(
  (db: Kysely<Database>, shape: { viewer: boolean }, v: { id: string; viewerId: string }) =>
    db
      .selectFrom('courses as c')
      .innerJoin('users as o', 'o.id', 'c.owner_id')
      .selectAll('c')
      .select(ownerColumns)
      .select(enrolledColumn(shape.viewer ? v.viewerId : undefined))
      .where('c.id', '=', v.id),
);

/** Some videos named as lessons were deleted before the lessons were written. */
export class LessonVideosGone extends Error {
  constructor(readonly missing: string[]) {
    super(`${missing.length} of the lessons' videos no longer exist`);
  }
}

export class CoursesRepository {
  private readonly searches: RememberedSearches;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
    /** How long a search's ranking is reused (config.searchCacheSeconds; 0: never), as for videos. */
    searchCacheSeconds = 0,
  ) {
    this.searches = new RememberedSearches(searchCacheSeconds);
  }

  /** One page of the published courses matching the words of `q`, best first (db/search.ts). */
  async search(
    q: string,
    page: PageQuery,
    viewerId?: string,
  ): Promise<{ rows: CourseListRow[]; total: number; suggestion?: string; reusedUntil?: number }> {
    const at = { limit: page.limit, offset: (page.page - 1) * page.limit };
    const { ids, total, suggestion, reusedUntil } = await this.searches.answer('courses', q, at, () =>
      searchByWords(this.db, this.dialect, 'courses', q, at),
    );
    const found: CourseListRow[] =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('courses as c')
            .innerJoin('users as o', 'o.id', 'c.owner_id')
            .selectAll('c')
            .select(ownerColumns)
            .select(enrolledColumn(viewerId))
            .where('c.id', 'in', ids)
            // A ranking remembered from before an unpublish (another instance's cache) must not
            // bring a draft back to everyone.
            .where('c.published', '=', 1)
            .execute();
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is CourseListRow => r !== undefined);
    return {
      rows,
      total,
      ...(suggestion ? { suggestion } : {}),
      ...(reusedUntil !== undefined ? { reusedUntil } : {}),
    };
  }

  async insert(row: Insertable<CoursesTable>): Promise<void> {
    await this.db
      .insertInto('courses')
      .values({ ...row, ...searchWords(row) })
      .execute();
    this.searches.forget();
  }

  async find(id: string): Promise<CourseRow | undefined> {
    return this.db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The course joined to its owner; with `viewerId`, whether they are enrolled. */
  async findWithOwner(id: string, viewerId?: string): Promise<CourseListRow | undefined> {
    const [row] = await oneQuery(
      this.db,
      { viewer: viewerId !== undefined },
      { id, viewerId: viewerId ?? '' },
    );
    return row;
  }

  async update(
    id: string,
    fields: Partial<Pick<CourseRow, 'title' | 'description' | 'language' | 'published'>>,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('courses')
      .set({ ...fields, ...searchWords(fields), updated_at: now })
      .where('id', '=', id)
      .execute();
    // After the commit: what searches find changed (a title, a description, or published).
    this.searches.forget();
  }

  /**
   * Points the cover at `key` only if it still names `previous` (a compare and swap, as for a
   * video's thumbnail: of two replacements racing, each learns which file it replaced). Answers
   * whether the row changed.
   */
  async swapCover(id: string, previous: string | null, key: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('courses')
      .set({ cover: key, updated_at: now })
      .where('id', '=', id)
      .where((eb) => (previous === null ? eb('cover', 'is', null) : eb('cover', '=', previous)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the row (its lessons and enrolments go with it) and answers the cover it named. */
  async delete(id: string): Promise<{ cover: string | null } | undefined> {
    const gone = await this.db
      .deleteFrom('courses')
      .where('id', '=', id)
      .returning('cover')
      .executeTakeFirst();
    this.searches.forget();
    return gone;
  }

  /** Published courses, newest first; with `viewerId`, whether they follow each. */
  async listPublished(page: PageQuery, viewerId?: string): Promise<{ rows: CourseListRow[]; total: number }> {
    return this.listOf('published', page, { viewerId });
  }

  /** One owner's courses, newest first; unpublished ones only when `withDrafts`. */
  async listByOwner(
    ownerId: string,
    withDrafts: boolean,
    page: PageQuery,
    viewerId?: string,
  ): Promise<{ rows: CourseListRow[]; total: number }> {
    return this.listOf(withDrafts ? 'ownerAll' : 'owner', page, { ownerId, viewerId });
  }

  /**
   * The courses `userId` is enrolled in, latest enrolment first: published ones, and their own
   * drafts (an owner may try a course out before publishing it).
   */
  async listEnrolled(userId: string, page: PageQuery): Promise<{ rows: CourseListRow[]; total: number }> {
    return this.listOf('enrolled', page, { viewerId: userId });
  }

  /**
   * A page of a list with its total from the same statement. A page with no row carries no total:
   * the first page is then an empty list; a later one is past the end, and its total is counted
   * by reading the first page's single row.
   */
  private async listOf(
    kind: ListKind,
    page: PageQuery,
    { ownerId, viewerId }: { ownerId?: string | undefined; viewerId?: string | undefined },
  ): Promise<{ rows: CourseListRow[]; total: number }> {
    const read = (limit: number, offset: number) =>
      pageQuery(
        this.db,
        { kind, viewer: viewerId !== undefined, limit, offset },
        { ownerId: ownerId ?? '', viewerId: viewerId ?? '' },
      );
    const rows = await read(page.limit, (page.page - 1) * page.limit);
    if (rows.length > 0) return { rows, total: Number(rows[0]!.list_total) };
    if (page.page === 1) return { rows, total: 0 };
    const [first] = await read(1, 0);
    return { rows, total: Number(first?.list_total ?? 0) };
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

  /**
   * Replaces the course's lessons with `videoIds`, in that order, in one transaction; throws
   * LessonVideosGone, changing nothing, when some of the videos no longer exist.
   */
  async setLessons(courseId: string, videoIds: string[], now: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // The videos first, then the course, the order a video's delete takes them in (its row,
      // then its courses' rows in its trigger, migration 0021): taken the other way round, a save
      // keeping a video that is being deleted would wait on the delete while the delete waits on
      // the save's course row, and PostgreSQL would end one of them. A key-share lock lets the
      // videos be edited meanwhile, but not deleted; one deleted before it is found missing here.
      let held = tx.selectFrom('videos').select('id').where('id', 'in', videoIds).orderBy('id');
      if (this.dialect === 'postgres') held = held.forKeyShare();
      const found = new Set((await held.execute()).map((v) => v.id));
      const missing = videoIds.filter((id) => !found.has(id));
      if (missing.length > 0) throw new LessonVideosGone(missing);
      // The course's row next: on PostgreSQL its lock is held to the commit, so a second write of
      // these lessons (a double tap on Save) or a video's trigger recounting this course (migration
      // 0021) waits for this one whole, and then reads the lessons it wrote, instead of both
      // replacing the same rows at once.
      await tx.updateTable('courses').set({ updated_at: now }).where('id', '=', courseId).execute();
      await tx.deleteFrom('course_lessons').where('course_id', '=', courseId).execute();
      await tx
        .insertInto('course_lessons')
        .values(videoIds.map((videoId, i) => ({ course_id: courseId, video_id: videoId, position: i + 1 })))
        .execute();
      // The kept summary (migration 0018), counted from the rows just written (its time of change
      // was set by the first statement, which took the row).
      await sql`update courses set ${recount('courses.id', sql`1 = 1`)} where id = ${courseId}`.execute(tx);
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
