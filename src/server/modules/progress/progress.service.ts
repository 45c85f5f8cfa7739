import { monotonicNow } from '../../clock.ts';
import {
  isNearEnd,
  type CourseProgress,
  type Progress,
  type ProgressInput,
  type RecentProgress,
} from '../../../shared/contracts/progress.ts';
import { AppError } from '../../errors.ts';
import type { VideosService } from '../videos/videos.service.ts';
import type { LessonProgressRow, ProgressRepository, ProgressRow } from './progress.repository.ts';

const toProgress = (row: ProgressRow): Progress => ({
  videoId: row.video_id,
  position: Number(row.position),
  completed: Number(row.completed) === 1,
  at: new Date(row.at).toISOString(),
});

/**
 * A course's progress from its lessons in order: how many are finished, and where to continue
 * (the lesson watched last, or, once it is finished, the next unfinished one from there). A
 * lesson is finished when its video is, and, if it has a practice quiz, the student has made at
 * least one attempt at it (docs/api.md, "Practice").
 */
export function courseProgress(lessons: LessonProgressRow[]): CourseProgress {
  const done = (l: LessonProgressRow) =>
    Number(l.completed) === 1 && (l.quiz === null || l.practised !== null);
  const watched = lessons.filter((l) => l.at !== null);
  const completedLessons = lessons.filter(done).length;
  const latest = watched.reduce<LessonProgressRow | undefined>(
    (best, l) => (!best || new Date(l.at!) > new Date(best.at!) ? l : best),
    undefined,
  );
  let resume: CourseProgress['resume'] = null;
  if (latest && !done(latest)) {
    resume = { videoId: latest.video_id, position: Number(latest.watched) };
  } else if (latest) {
    const from = lessons.indexOf(latest);
    const next = [...lessons.slice(from + 1), ...lessons.slice(0, from)].find((l) => !done(l));
    resume = next ? { videoId: next.video_id, position: 0 } : null;
  }
  return { completedLessons, totalLessons: lessons.length, resume };
}

/** Where each student is in each video (docs/api.md, "Progress"). */
export class ProgressService {
  constructor(
    private readonly progress: ProgressRepository,
    private readonly videos: VideosService,
    private readonly now: () => Date = monotonicNow,
  ) {}

  /**
   * Keeps a place unless a later one is already kept. A place near the end finishes the video.
   * A device clock ahead of the server's is taken as the server's time, so it cannot hold the
   * entry against every later place for as long as it is ahead.
   */
  async record(userId: string, videoId: string, input: ProgressInput): Promise<Progress> {
    const video = await this.videos.get(videoId);
    // A length of 0 is one the server could not read from the file (some containers do not say
    // it): the place is kept as the player reports it, and only the player can say it finished.
    const known = video.duration > 0;
    // A player may report a fraction past the end it was told (rounding, a longer last frame).
    if (known && input.position > video.duration + 1) {
      throw new AppError(400, 'The position is past the end of the video', [
        { field: 'position', message: `must be from 0 to ${Math.ceil(video.duration)} seconds` },
      ]);
    }
    const position = known ? Math.min(input.position, video.duration) : input.position;
    const now = this.now();
    const at = new Date(Math.min(new Date(input.at).getTime(), now.getTime())).toISOString();
    const completed = input.completed || (known && isNearEnd(position, video.duration));
    const row = await this.progress.record({
      user_id: userId,
      video_id: videoId,
      position,
      completed: completed ? 1 : 0,
      at,
    });
    return toProgress(row);
  }

  async byVideos(userId: string, videoIds: string[]): Promise<Progress[]> {
    return (await this.progress.byVideos(userId, videoIds)).map(toProgress);
  }

  /** The latest places, newest first, each with its video and, where it is a lesson, a course. */
  async recent(userId: string, limit: number): Promise<RecentProgress[]> {
    const rows = await this.progress.recent(userId, limit);
    const ids = rows.map((r) => r.video_id);
    const [videos, courses] = await Promise.all([
      this.videos.byIds(ids, userId),
      this.progress.coursesOf(userId, ids),
    ]);
    const byId = new Map(videos.map((v) => [v._id, v]));
    return rows.flatMap((row) => {
      const video = byId.get(row.video_id);
      return video ? [{ ...toProgress(row), video, course: courses.get(row.video_id) ?? null }] : [];
    });
  }

  /** Each course's progress for the student, from one statement for all of them. */
  async ofCourses(userId: string, courseIds: string[]): Promise<Map<string, CourseProgress>> {
    const lessons = await this.progress.lessonsOf(userId, courseIds);
    return new Map(courseIds.map((id) => [id, courseProgress(lessons.filter((l) => l.course_id === id))]));
  }
}
