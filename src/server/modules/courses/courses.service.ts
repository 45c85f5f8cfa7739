import { randomUUID } from 'node:crypto';
import { monotonicNow } from '../../clock.ts';
import type { CourseProgress } from '../../../shared/contracts/progress.ts';
import type {
  Course,
  CourseDetail,
  CourseInput,
  CoursePage,
  CoursePatch,
  Enrolment,
} from '../../../shared/contracts/courses.ts';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import { AppError } from '../../errors.ts';
import type { MultipartForm } from '../../multipart-form.ts';
import { storeImage } from '../media/images.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import type { VideosService } from '../videos/videos.service.ts';
import {
  LessonVideosGone,
  type CourseListRow,
  type CourseRow,
  type CoursesRepository,
} from './courses.repository.ts';

const missingCourse = () => new AppError(404, 'This course does not exist (it may have been deleted)');
const notOwner = () => new AppError(403, 'Only the owner of this course may change or delete it');

/** Courses, their lessons and who follows them (docs/api.md, "Courses"). */
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly users: UsersRepository,
    private readonly videos: VideosService,
    private readonly progress: ProgressService,
    private readonly media: MediaLibrary,
    private readonly now: () => Date = monotonicNow,
  ) {}

  private toCourse(row: CourseListRow, progress?: CourseProgress): Course {
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      language: row.language,
      cover: row.cover ? this.media.storage.url(row.cover) : null,
      owner: ownerFrom(row, this.media.storage),
      published: Number(row.published) === 1,
      // Kept on the row with the lessons (migration 0018).
      lessonsCount: Number(row.lessons_count),
      totalDuration: Number(row.total_duration),
      // Read with the row when someone is signed in (1/0 on SQLite, true/false on PostgreSQL).
      ...(row.enrolled === undefined ? {} : { enrolled: Boolean(Number(row.enrolled)) }),
      ...(progress ? { progress } : {}),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Rows as answers; signed in, the viewer's progress in them from one statement for all. */
  private async toCourses(rows: CourseListRow[], viewerId: string | undefined): Promise<Course[]> {
    const progress =
      viewerId === undefined || rows.length === 0
        ? undefined
        : await this.progress.ofCourses(
            viewerId,
            rows.map((r) => r.id),
          );
    return rows.map((row) => this.toCourse(row, progress?.get(row.id)));
  }

  /** A course the viewer may see: published, or their own. */
  private async visible(id: string, viewerId: string | undefined): Promise<CourseListRow> {
    const row = await this.courses.findWithOwner(id, viewerId);
    if (!row || (Number(row.published) !== 1 && row.owner_id !== viewerId)) throw missingCourse();
    return row;
  }

  private async owned(id: string, userId: string): Promise<CourseRow> {
    const row = await this.courses.find(id);
    if (!row) throw missingCourse();
    if (row.owner_id !== userId) throw notOwner();
    return row;
  }

  async list(viewerId: string | undefined, page: PageQuery): Promise<Paged<Course>> {
    const { rows, total } = await this.courses.listPublished(page, viewerId);
    return toPaged(await this.toCourses(rows, viewerId), page, total);
  }

  /**
   * "Search courses": the published courses holding the words of `q`, best first, or those one
   * typo away with the corrected query as `suggestion`, by the rules of video search (docs/api.md,
   * "Search"). A blank `q` is the plain list; a `q` with no word in it matches nothing.
   */
  async search(
    viewerId: string | undefined,
    q: string,
    page: PageQuery,
  ): Promise<{ page: CoursePage; reusedUntil?: number }> {
    if (q.trim() === '') return { page: await this.list(viewerId, page) };
    const { rows, total, suggestion, reusedUntil } = await this.courses.search(q, page, viewerId);
    return {
      page: {
        ...toPaged(await this.toCourses(rows, viewerId), page, total),
        ...(suggestion ? { suggestion } : {}),
      },
      ...(reusedUntil !== undefined ? { reusedUntil } : {}),
    };
  }

  /** A user's courses: the published ones, and their drafts too when they ask for their own. */
  async listByOwner(ownerId: string, viewerId: string | undefined, page: PageQuery): Promise<Paged<Course>> {
    const { rows, total } = await this.courses.listByOwner(ownerId, ownerId === viewerId, page, viewerId);
    // An empty list may be an unknown user's: only then is the user looked up.
    if (rows.length === 0 && !(await this.users.findById(ownerId))) {
      throw new AppError(404, 'There is no such user');
    }
    return toPaged(await this.toCourses(rows, viewerId), page, total);
  }

  async listEnrolled(userId: string, page: PageQuery): Promise<Paged<Course>> {
    const { rows, total } = await this.courses.listEnrolled(userId, page);
    return toPaged(await this.toCourses(rows, userId), page, total);
  }

  /** One course with its lessons in order, numbered from 1; each lesson's video as every video answer. */
  async get(id: string, viewerId: string | undefined): Promise<CourseDetail> {
    const row = await this.visible(id, viewerId);
    const [course] = await this.toCourses([row], viewerId);
    const videos = await this.videos.byIds(await this.courses.lessonVideoIds(id), viewerId);
    return { ...course!, lessons: videos.map((video, i) => ({ position: i + 1, video })) };
  }

  async create(userId: string, input: CourseInput): Promise<Course> {
    const id = randomUUID();
    const now = this.now().toISOString();
    await this.courses.insert({
      id,
      owner_id: userId,
      title: input.title,
      description: input.description,
      language: input.language,
      cover: null,
      published: 0,
      created_at: now,
      updated_at: now,
    });
    const row = await this.courses.findWithOwner(id, userId);
    return this.toCourse(row!, { completedLessons: 0, totalLessons: 0, resume: null });
  }

  async update(userId: string, id: string, patch: CoursePatch): Promise<Course> {
    await this.owned(id, userId);
    if (patch.published === true && (await this.courses.lessonVideoIds(id)).length === 0) {
      throw new AppError(400, 'Add at least one lesson before publishing the course', [
        { field: 'published', message: 'A course with no lesson cannot be published' },
      ]);
    }
    const { published, ...fields } = patch;
    await this.courses.update(
      id,
      { ...fields, ...(published === undefined ? {} : { published: published ? 1 : 0 }) },
      this.now().toISOString(),
    );
    const [course] = await this.toCourses([(await this.courses.findWithOwner(id, userId))!], userId);
    return course!;
  }

  /** Sets the lessons, in order: each one of the owner's own videos, each once. */
  async setLessons(userId: string, id: string, videoIds: string[]): Promise<CourseDetail> {
    await this.owned(id, userId);
    const own = await this.videos.ownedAmong(userId, videoIds);
    const refuse = (bad: (videoId: string) => boolean) => {
      const others = videoIds.flatMap((videoId, i) => (bad(videoId) ? [i] : []));
      if (others.length === 0) return;
      throw new AppError(
        400,
        'A lesson must be one of your own videos',
        others.map((i) => ({
          field: `videoIds.${i}`,
          message: 'Not one of your videos (or it was deleted)',
        })),
      );
    };
    refuse((videoId) => !own.has(videoId));
    try {
      await this.courses.setLessons(id, videoIds, this.now().toISOString());
    } catch (err) {
      // Deleted between the check above and the write: the same answer as one never there.
      if (err instanceof LessonVideosGone) refuse((videoId) => err.missing.includes(videoId));
      throw err;
    }
    return this.get(id, userId);
  }

  /**
   * Replaces the cover: checked and stored as a video's thumbnail is (media/images.ts), the row
   * pointed at it by a compare and swap, and only then the file it replaced released
   * (docs/api.md, "Media").
   */
  async setCover(userId: string, id: string, upload: MultipartForm): Promise<Course> {
    await this.owned(id, userId);
    const file = upload.files.cover;
    if (!file) {
      throw new AppError(400, 'A cover image is required', [
        { field: 'cover', message: 'A cover image is required' },
      ]);
    }
    const key = await storeImage(this.media, file.tempPath, 'thumbnail', 'Cover', 'cover');
    try {
      for (;;) {
        const row = await this.owned(id, userId);
        await this.media.releasing(row.cover);
        if (await this.courses.swapCover(id, row.cover, key, this.now().toISOString())) {
          await this.media.settle([key]);
          await this.media.release([row.cover]);
          break;
        }
      }
    } catch (err) {
      await this.media.release([key]);
      throw err;
    }
    const [course] = await this.toCourses([(await this.courses.findWithOwner(id, userId))!], userId);
    return course!;
  }

  /** Deletes the course, then its cover's file; its videos stay. */
  async delete(userId: string, id: string): Promise<void> {
    await this.owned(id, userId);
    const gone = await this.courses.delete(id);
    if (!gone) throw missingCourse();
    await this.media.release([gone.cover]);
  }

  async enrol(userId: string, id: string, { enrolled }: Enrolment): Promise<Enrolment> {
    await this.visible(id, userId);
    await this.courses.setEnrolment(id, userId, enrolled, this.now().toISOString());
    return { enrolled };
  }
}
