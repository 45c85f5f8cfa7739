import { randomUUID } from 'node:crypto';
import { monotonicNow } from '../../clock.ts';
import type { CourseProgress } from '../../../shared/contracts/progress.ts';
import type {
  Course,
  CourseDetail,
  CourseInput,
  CoursePatch,
  Enrolment,
} from '../../../shared/contracts/courses.ts';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import type { VideosService } from '../videos/videos.service.ts';
import type { CourseListRow, CourseRow, CoursesRepository, LessonStats } from './courses.repository.ts';

const missingCourse = () => new AppError(404, 'This course does not exist (it may have been deleted)');
const notOwner = () => new AppError(403, 'Only the owner of this course may change or delete it');

/** Courses, their lessons and who follows them (docs/api.md, "Courses"). */
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly users: UsersRepository,
    private readonly videos: VideosService,
    private readonly progress: ProgressService,
    private readonly storage: MediaStorage,
    private readonly now: () => Date = monotonicNow,
  ) {}

  private toCourse(
    row: CourseListRow,
    stats: LessonStats | undefined,
    viewer?: { enrolled: boolean; progress: CourseProgress | undefined },
  ): Course {
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      language: row.language,
      cover: row.cover ? this.storage.url(row.cover) : null,
      owner: ownerFrom(row, this.storage),
      published: Number(row.published) === 1,
      lessonsCount: stats?.count ?? 0,
      totalDuration: stats?.duration ?? 0,
      ...(viewer ? { enrolled: viewer.enrolled } : {}),
      ...(viewer?.progress ? { progress: viewer.progress } : {}),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Rows as answers: their lessons' totals in one statement; signed in, enrolment and progress in one each. */
  private async toCourses(rows: CourseListRow[], viewerId: string | undefined): Promise<Course[]> {
    const ids = rows.map((r) => r.id);
    const [stats, enrolled, progress] = await Promise.all([
      this.courses.lessonStats(ids),
      viewerId === undefined ? undefined : this.courses.enrolledAmong(viewerId, ids),
      viewerId === undefined ? undefined : this.progress.ofCourses(viewerId, ids),
    ]);
    return rows.map((row) =>
      this.toCourse(
        row,
        stats.get(row.id),
        enrolled && { enrolled: enrolled.has(row.id), progress: progress?.get(row.id) },
      ),
    );
  }

  /** A course the viewer may see: published, or their own. */
  private async visible(id: string, viewerId: string | undefined): Promise<CourseListRow> {
    const row = await this.courses.findWithOwner(id);
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
    const { rows, total } = await this.courses.listPublished(page);
    return toPaged(await this.toCourses(rows, viewerId), page, total);
  }

  /** A user's courses: the published ones, and their drafts too when they ask for their own. */
  async listByOwner(ownerId: string, viewerId: string | undefined, page: PageQuery): Promise<Paged<Course>> {
    if (!(await this.users.findById(ownerId))) throw new AppError(404, 'There is no such user');
    const { rows, total } = await this.courses.listByOwner(ownerId, ownerId === viewerId, page);
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
    const videos = await this.videos.byIds(await this.courses.lessonVideoIds(id));
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
    const row = await this.courses.findWithOwner(id);
    return this.toCourse(row!, undefined, {
      enrolled: false,
      progress: { completedLessons: 0, totalLessons: 0, resume: null },
    });
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
    const [course] = await this.toCourses([(await this.courses.findWithOwner(id))!], userId);
    return course!;
  }

  /** Sets the lessons, in order: each one of the owner's own videos, each once. */
  async setLessons(userId: string, id: string, videoIds: string[]): Promise<CourseDetail> {
    await this.owned(id, userId);
    const own = await this.videos.ownedAmong(userId, videoIds);
    const others = videoIds.flatMap((videoId, i) => (own.has(videoId) ? [] : [i]));
    if (others.length > 0) {
      throw new AppError(
        400,
        'A lesson must be one of your own videos',
        others.map((i) => ({
          field: `videoIds.${i}`,
          message: 'Not one of your videos (or it was deleted)',
        })),
      );
    }
    await this.courses.setLessons(id, videoIds, this.now().toISOString());
    return this.get(id, userId);
  }

  /** Deletes the course; its videos stay. */
  async delete(userId: string, id: string): Promise<void> {
    await this.owned(id, userId);
    await this.courses.delete(id);
  }

  async enrol(userId: string, id: string, { enrolled }: Enrolment): Promise<Enrolment> {
    await this.visible(id, userId);
    await this.courses.setEnrolment(id, userId, enrolled, this.now().toISOString());
    return { enrolled };
  }
}
