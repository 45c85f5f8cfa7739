import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Times are ISO-8601 strings on both databases (see
 * database.ts: PostgreSQL's timestamptz is parsed to the same string form), so repositories
 * never branch on the dialect.
 */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  message: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  full_name: string;
  password_hash: string;
  avatar: string;
  cover_image: string | null;
  created_at: string;
  updated_at: string;
  /** Set while an administrator has turned the account off (migration 0014). */
  disabled_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  refresh_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  fingerprint: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
}

export interface VideosTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  /** The title's and description's words for search (words.ts, migration 0013), written beside them. */
  title_words: Generated<string>;
  description_words: Generated<string>;
  video_file: string;
  thumbnail: string;
  duration: number;
  /** The original's size, type and height (migration 0009); null on rows older than it until the next start fills them. */
  video_bytes: number | null;
  video_mime: string | null;
  video_height: number | null;
  /**
   * The renditions as JSON (`RenditionSummary[]`, migration 0012), written with them; null on
   * rows older than it until the background back-fill writes theirs.
   */
  rendition_summary: string | null;
  /** The renditions job's state and progress, kept by triggers on `jobs`; null: no job. */
  processing_state: JobsTable['state'] | null;
  processing_progress: Generated<number>;
  /** Its caption tracks as JSON (`CaptionSummary[]`, migration 0019), written with them; `[]` by default. */
  caption_summary: Generated<string>;
  /** Its practice quiz's number of questions (migration 0020), written with the quiz; null: no quiz. */
  quiz_questions: number | null;
  views: Generated<number>;
  /** Kept by triggers (migration 0005): never written by the application. */
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionsTable {
  id: string;
  subscriber_id: string;
  channel_id: string;
  created_at: string;
}

export interface WatchHistoryTable {
  user_id: string;
  video_id: string;
  watched_at: string;
}

export interface CommentsTable {
  id: string;
  video_id: string;
  owner_id: string;
  content: string;
  /** Kept by triggers (migration 0005). */
  likes_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TweetsTable {
  id: string;
  owner_id: string;
  content: string;
  /** Kept by triggers (migration 0005). */
  likes_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One like of one user on one target; the three tables differ only in what they point at. */
export interface LikesTable {
  id: string;
  user_id: string;
  target_id: string;
  created_at: string;
}

export interface UploadsTable {
  id: string;
  owner_id: string;
  length: number;
  filename: string;
  filetype: string;
  created_at: string;
  expires_at: string;
  claimed_at: string | null;
}

/** A small copy of a video (docs/api.md, "Renditions"). */
export interface VideoRenditionsTable {
  video_id: string;
  quality: '144p' | '240p' | '360p' | 'audio';
  /** The media key of its file. */
  file: string;
  bytes: number;
  mime_type: string;
  height: number | null;
  bitrate: number | null;
  created_at: string;
}

/** One caption track of a video, stored as WebVTT (docs/api.md, "Captions and chapters"). */
export interface VideoCaptionsTable {
  id: string;
  video_id: string;
  /** A canonical BCP 47 tag; one track per video and language. */
  language: string;
  label: string;
  /** The media key of its file. */
  file: string;
  bytes: number;
  created_at: string;
}

/** Background work, claimed with a lease (server/jobs/). */
export interface JobsTable {
  id: string;
  kind: string;
  subject: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  worker: string | null;
  progress: Generated<number>;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** Exact row counts of the big tables whose unfiltered lists show a total, kept by triggers. */
export interface RowCountsTable {
  table_name: 'videos' | 'tweets';
  n: number;
}

/** How far each background back-fill has got (src/server/jobs/backfills.ts). */
export interface BackfillsTable {
  name: string;
  /** The greatest key done so far; null before the first batch. */
  after_key: string | null;
  /** 1 once done: a finished back-fill costs a start one indexed read. */
  finished: Generated<number>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A media file being written by an instance, until the row naming it commits (or it is released). */
export interface MediaWritesTable {
  key: string;
  instance_id: string;
  started_at: string;
}

/** Until when an instance is taken to be alive; it renews this while it runs. */
export interface InstanceLeasesTable {
  instance_id: string;
  lease_until: string;
}

export interface CoursesTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  language: string;
  cover: string | null;
  /** 1 once the owner published it, else 0. */
  published: number;
  created_at: string;
  updated_at: string;
  /** The title's and description's words, as search reads them (migration 0017; db/words.ts). */
  title_words: Generated<string>;
  description_words: Generated<string>;
  /** Its lessons, and their durations added up in seconds (migration 0018): kept, not counted. */
  lessons_count: Generated<number>;
  total_duration: Generated<number>;
}

/** Kept counts of courses (migration 0018): `published`, the total of `GET /courses`. */
export interface CourseCountsTable {
  name: 'published';
  n: number;
}

export interface CourseLessonsTable {
  course_id: string;
  video_id: string;
  /** The lesson's place; only the order counts (positions are numbered from 1 when read). */
  position: number;
}

export interface CourseEnrolmentsTable {
  course_id: string;
  user_id: string;
  enrolled_at: string;
}

export interface VideoProgressTable {
  user_id: string;
  video_id: string;
  /** Seconds from the start. */
  position: number;
  /** 1 once the student finished the video; it stays 1. */
  completed: number;
  /** When the student was there, by the device's clock (never later than the server's). */
  at: string;
}

/** A video's practice quiz (docs/api.md, "Practice"); its questions and attempts go with it. */
export interface QuizzesTable {
  video_id: string;
  created_at: string;
  updated_at: string;
}

/** One question of a quiz; kept, retired, when the owner leaves it out of a new version. */
export interface QuizQuestionsTable {
  id: string;
  video_id: string;
  /** From 0 in the quiz's order; null once retired. */
  position: number | null;
  prompt: string;
  kind: 'one' | 'many' | 'text';
  /** JSON: `string[]`, empty for "text". */
  choices: string;
  /** JSON: an index, indexes, or accepted texts. */
  answer: string;
  explanation: string | null;
  created_at: string;
  updated_at: string;
  retired_at: string | null;
}

/** One scored attempt; the device's `attempt_id` makes it one row however often it is sent. */
export interface QuizAttemptsTable {
  video_id: string;
  user_id: string;
  attempt_id: string;
  score: number;
  total: number;
  /** JSON: the scored questions' ids, and whether each was right, in the order answered. */
  question_ids: string;
  correct: string;
  started_at: string;
  finished_at: string;
  created_at: string;
}

/** Whether one question of one attempt was right (1/0): the owner's stats read these. */
export interface QuizAnswersTable {
  video_id: string;
  user_id: string;
  attempt_id: string;
  question_id: string;
  correct: number;
}

/** A student's best score and number of attempts at one quiz, written with each attempt. */
export interface QuizBestsTable {
  video_id: string;
  user_id: string;
  best: number;
  attempts: number;
}

export interface Database {
  contact_messages: ContactMessagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  videos: VideosTable;
  subscriptions: SubscriptionsTable;
  watch_history: WatchHistoryTable;
  comments: CommentsTable;
  tweets: TweetsTable;
  video_likes: LikesTable;
  comment_likes: LikesTable;
  tweet_likes: LikesTable;
  row_counts: RowCountsTable;
  uploads: UploadsTable;
  video_renditions: VideoRenditionsTable;
  video_captions: VideoCaptionsTable;
  jobs: JobsTable;
  server_secrets: ServerSecretsTable;
  media_writes: MediaWritesTable;
  instance_leases: InstanceLeasesTable;
  backfills: BackfillsTable;
  courses: CoursesTable;
  course_lessons: CourseLessonsTable;
  course_counts: CourseCountsTable;
  course_enrolments: CourseEnrolmentsTable;
  video_progress: VideoProgressTable;
  quizzes: QuizzesTable;
  quiz_questions: QuizQuestionsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_answers: QuizAnswersTable;
  quiz_bests: QuizBestsTable;
}
