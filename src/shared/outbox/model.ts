/**
 * The offline outbox: writes a student makes with no connection wait here and reach the server
 * exactly once when it returns. Each entry's id is made on the device and sent as the
 * Idempotency-Key, so a send repeated after a dropped answer is replayed by the server, not redone.
 */

/** A reference to a tweet: its server id, or `local:<entry id>` for one created offline. */
export type TweetRef = string;

export type OutboxAction =
  | {
      kind: 'like';
      target: 'v' | 'c' | 't';
      targetId: string;
      liked: boolean;
      /** What is liked, for the outbox screen: a video's title, a comment's or a tweet's words. */
      about?: string;
    }
  | { kind: 'subscribe'; channelId: string; subscribed: boolean }
  /** Enrolment in a course (the app has no way to leave one, so only `enrolled: true` is sent). */
  | {
      kind: 'enrol';
      courseId: string;
      /** The course's title, for the outbox screen. */
      about?: string;
    }
  | { kind: 'comment.create'; videoId: string; content: string }
  | { kind: 'comment.delete'; videoId: string; commentId: string }
  | { kind: 'tweet.create'; content: string }
  | { kind: 'tweet.update'; tweet: TweetRef; content: string }
  | { kind: 'tweet.delete'; tweet: TweetRef }
  | { kind: 'contact'; name: string; email: string; mobile?: string; message: string }
  | {
      kind: 'progress';
      videoId: string;
      /** Seconds from the start. */
      position: number;
      completed: boolean;
      /** When the student was there: an ISO time from the device; the latest one wins. */
      at: string;
      /** The video's title, for the outbox screen. */
      about?: string;
    }
  | {
      kind: 'quiz-attempt';
      videoId: string;
      /** Made on the device; also the entry's id, so its Idempotency-Key (kinds.ts, `key`). */
      attemptId: string;
      /** An index ("one"), indexes ("many") or the text typed ("text"), per question taken. */
      answers: Array<{ questionId: string; answer: number | number[] | string }>;
      startedAt: string;
      finishedAt: string;
      /** The device's score, shown until the server's replaces it; never sent. */
      score: number;
      total: number;
      /** The video's title, for the outbox screen. */
      about?: string;
    };

/** One kind of action, by its name. */
export type ActionKind = OutboxAction['kind'];
export type ActionOf<K extends ActionKind> = Extract<OutboxAction, { kind: K }>;

export type EntryState = 'pending' | 'sending' | 'failed';

export interface OutboxEntry {
  /** Made on the device; also the Idempotency-Key. A changed body always gets a new id. */
  id: string;
  /** Enqueue order; the drain sends in this order. */
  seq: number;
  /** Entries with the same lane are sent strictly in order, and coalesce with each other. */
  lane: string;
  action: OutboxAction;
  state: EntryState;
  attempts: number;
  /** Epoch ms before which a retry is not attempted (backoff). */
  notBefore: number;
  createdAt: number;
  /** The server's reason, for a failed entry. */
  error?: string;
  /**
   * The user who made it (unknown when the session could not be read). On a shared device only
   * that user's session sends it; it is never sent, shown or coalesced under another user.
   */
  owner?: string;
}

export const LOCAL_PREFIX = 'local:';
export const localRef = (entryId: string): TweetRef => `${LOCAL_PREFIX}${entryId}`;
export const isLocalRef = (ref: string) => ref.startsWith(LOCAL_PREFIX);

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}
