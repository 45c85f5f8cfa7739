import type { Comment } from '../contracts/comments.ts';
import type { Enrolment } from '../contracts/courses.ts';
import type { LikeKind, LikeState } from '../contracts/likes.ts';
import type { Progress } from '../contracts/progress.ts';
import type { Attempt } from '../contracts/quiz.ts';
import type { SubscriptionState } from '../contracts/subscriptions.ts';
import type { Tweet } from '../contracts/tweets.ts';
import {
  localRef,
  type ActionKind,
  type ActionOf,
  type OutboxAction,
  type OutboxRequest,
  type TweetRef,
} from './model.ts';
import { commentsApi } from '../endpoints/comments.ts';
import { coursesApi } from '../endpoints/courses.ts';
import { likesApi } from '../endpoints/likes.ts';
import { progressApi } from '../endpoints/progress.ts';
import { quizApi } from '../endpoints/quiz.ts';
import { siteApi } from '../endpoints/site.ts';
import { subscriptionsApi } from '../endpoints/subscriptions.ts';
import { tweetsApi } from '../endpoints/tweets.ts';

/**
 * What a delivered action changes in the data screens show, said in nouns, not in URLs: the
 * client's api/ layer writes each change into its cache (docs/architecture.md, "The outbox").
 */
export type CacheChange =
  | { noun: 'like'; target: LikeKind; targetId: string; state: LikeState }
  | { noun: 'subscription'; channelId: string; state: SubscriptionState | null }
  | { noun: 'enrolment'; courseId: string }
  | { noun: 'comment'; videoId: string; added: Comment }
  | { noun: 'comment'; videoId: string; removed: string }
  | { noun: 'tweet'; added: Tweet }
  | { noun: 'tweet'; updated: Tweet }
  | { noun: 'tweet'; removed: string }
  | { noun: 'progress'; progress: Progress }
  | { noun: 'quiz'; videoId: string; attempt: Attempt };

/**
 * How a new action joins the waiting ones of its lane (docs/offline.md, step 1):
 * - `none`: it is queued as it is;
 * - `final-state`: it replaces a waiting entry of its lane, so many taps send one request;
 * - `into-creation`: an edit of something made offline and never sent folds into its creation;
 * - `cancels-creation`: a delete of something made offline and never sent cancels it.
 */
export type Coalescing = 'none' | 'final-state' | 'into-creation' | 'cancels-creation';

/** Everything the outbox knows about one kind of action. */
export interface KindDescriptor<A> {
  /** Entries of one lane are sent strictly in order, and coalesce only with each other. */
  lane(action: A, entryId: string): string;
  /**
   * The entry's id (its Idempotency-Key) when the action carries one of its own: a quiz attempt's
   * `attemptId`, which the server also keeps, so a send repeated after a lost answer, or the same
   * attempt queued twice, is one attempt. By default the outbox makes a new id.
   */
  key?(action: A): string;
  coalesce: Coalescing;
  /** The contract's call (docs/api.md); undefined while a reference it needs has no server id. */
  request(action: A, resolve: (ref: TweetRef) => string | undefined): OutboxRequest | undefined;
  /** References to things made offline that must be resolved to server ids before sending. */
  refs?(action: A): TweetRef[];
  /**
   * For `final-state`: what the one entry carries when `next` replaces `waiting` (by default
   * `next`). A place in a video keeps the later of the two, so a replacement never goes back.
   */
  merge?(waiting: A, next: A): A;
  /** For `into-creation`: the creation's action with this edit folded in. */
  fold?(creation: OutboxAction, action: A): OutboxAction;
  /** A 404 means the work is already done (a delete whose target is gone). */
  goneIsDone?: boolean;
  /** The server's `_id` for this entry's `local:` reference is remembered once it is delivered. */
  makesRef?: boolean;
  /**
   * What it is, on the outbox screen: which message (the client's catalogue says it in the
   * student's language, under `outbox.kind.<what>`), the user content it names, and its text.
   */
  label(action: A): OutboxLabel;
  /**
   * What the server's answer (`data`) changes in the screens' data; `resolve` gives the server id
   * of a reference to something made offline.
   */
  changes(action: A, data: unknown, resolve: (ref: TweetRef) => string | undefined): CacheChange[];
}

type LikeTarget = ActionOf<'like'>['target'];
export type OutboxLabelId =
  | `${'like' | 'unlike'}.${LikeTarget}${'' | '.about'}`
  | 'subscribe'
  | 'unsubscribe'
  | `enrol${'' | '.about'}`
  | 'comment.create'
  | 'comment.delete'
  | 'tweet.create'
  | 'tweet.update'
  | 'tweet.delete'
  | 'contact'
  | `progress${'' | '.about'}`
  | `quiz-attempt${'' | '.about'}`;
export interface OutboxLabel {
  what: OutboxLabelId;
  /** User content named in the message, shown as written: `{about}` (a title), `{name}`. */
  values?: { about?: string; name?: string };
  text?: string;
}

/** A title or words named in a label, on one line and at most 60 characters. */
function shortAbout(about: string | undefined): string | undefined {
  const one = about?.trim().replace(/\s+/g, ' ');
  if (!one) return undefined;
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

/** A label naming what the action is about (a video's or a course's title) when it knows it. */
function aboutLabel(what: 'enrol' | 'progress' | 'quiz-attempt', about: string | undefined): OutboxLabel {
  const short = shortAbout(about);
  return short ? { what: `${what}.about`, values: { about: short } } : { what };
}

/** Says which video (or comment, or tweet) when the like knows it: "Like the video “Fractions”". */
function likeLabel(a: ActionOf<'like'>): OutboxLabel {
  const verb = a.liked ? 'like' : 'unlike';
  const about = shortAbout(a.about);
  if (!about) return { what: `${verb}.${a.target}` };
  return { what: `${verb}.${a.target}.about`, values: { about } };
}

/**
 * Two places in one video as one: the later (by the device's `at`) wins, and a video finished in
 * either stays finished (as on the server), so coalescing never sends the student back in time.
 */
function laterPlace(waiting: ActionOf<'progress'>, next: ActionOf<'progress'>): ActionOf<'progress'> {
  const later = Date.parse(next.at) >= Date.parse(waiting.at) ? next : waiting;
  const about = next.about ?? waiting.about;
  return {
    ...later,
    completed: waiting.completed || next.completed,
    ...(about !== undefined ? { about } : {}),
  };
}
const tweetOf = (data: unknown) => ((data as Tweet | null)?._id ? (data as Tweet) : undefined);

/**
 * The one table of offline actions. Enqueue (coalescing), the drain (requests and outcomes), the
 * outbox screen (labels) and the client's cache (changes) all read it; an offline write is one
 * entry here plus the screen that makes it.
 */
export const actionKinds: { [K in ActionKind]: KindDescriptor<ActionOf<K>> } = {
  like: {
    lane: (a) => `like:${a.target}:${a.targetId}`,
    coalesce: 'final-state',
    // The set form of the toggle: a repeat cannot undo itself.
    request: (a) => ({
      method: likesApi.toggle.method,
      path: likesApi.toggle.path({ kind: a.target, id: a.targetId }),
      body: { liked: a.liked },
    }),
    label: likeLabel,
    changes: (a, data) =>
      data ? [{ noun: 'like', target: a.target, targetId: a.targetId, state: data as LikeState }] : [],
  },
  subscribe: {
    lane: (a) => `subscribe:${a.channelId}`,
    coalesce: 'final-state',
    request: (a) => ({
      method: subscriptionsApi.toggle.method,
      path: subscriptionsApi.toggle.path({ channelId: a.channelId }),
      body: { subscribed: a.subscribed },
    }),
    label: (a) => ({ what: a.subscribed ? 'subscribe' : 'unsubscribe' }),
    changes: (a, data) => [
      { noun: 'subscription', channelId: a.channelId, state: (data as SubscriptionState | null) ?? null },
    ],
  },
  enrol: {
    lane: (a) => `enrol:${a.courseId}`,
    // A second tap while the first waits is the same enrolment: one request.
    coalesce: 'final-state',
    request: (a) => ({
      method: coursesApi.enrol.method,
      path: coursesApi.enrol.path({ courseId: a.courseId }),
      body: { enrolled: true },
    }),
    // The course was deleted or unpublished meanwhile: there is nothing left to enrol in.
    goneIsDone: true,
    label: (a) => aboutLabel('enrol', a.about),
    // Only the server's yes: a course gone meanwhile (a 404 taken as done) enrols no one.
    changes: (a, data) =>
      (data as Enrolment | null)?.enrolled === true ? [{ noun: 'enrolment', courseId: a.courseId }] : [],
  },
  'comment.create': {
    lane: (_a, id) => `comment:${id}`,
    coalesce: 'none',
    request: (a) => ({
      method: commentsApi.add.method,
      path: commentsApi.add.path({ videoId: a.videoId }),
      body: { content: a.content },
    }),
    label: (a) => ({ what: 'comment.create', text: a.content }),
    changes: (a, data) =>
      (data as Comment | null)?._id ? [{ noun: 'comment', videoId: a.videoId, added: data as Comment }] : [],
  },
  'comment.delete': {
    lane: (a) => `comment:${a.commentId}`,
    coalesce: 'none',
    request: (a) => ({
      method: commentsApi.remove.method,
      path: commentsApi.remove.path({ commentId: a.commentId }),
    }),
    goneIsDone: true,
    label: () => ({ what: 'comment.delete' }),
    changes: (a) => [{ noun: 'comment', videoId: a.videoId, removed: a.commentId }],
  },
  'tweet.create': {
    lane: (_a, id) => `tweet:${localRef(id)}`,
    coalesce: 'none',
    request: (a) => ({
      method: tweetsApi.add.method,
      path: tweetsApi.add.path(),
      body: { content: a.content },
    }),
    makesRef: true,
    label: (a) => ({ what: 'tweet.create', text: a.content }),
    changes: (_a, data) => {
      const tweet = tweetOf(data);
      return tweet ? [{ noun: 'tweet', added: tweet }] : [];
    },
  },
  'tweet.update': {
    lane: (a) => `tweet:${a.tweet}`,
    coalesce: 'into-creation',
    refs: (a) => [a.tweet],
    request: (a, resolve) => {
      const id = resolve(a.tweet);
      return id === undefined
        ? undefined
        : {
            method: tweetsApi.edit.method,
            path: tweetsApi.edit.path({ tweetId: id }),
            body: { content: a.content },
          };
    },
    fold: (creation, a) => ({ ...creation, content: a.content }) as OutboxAction,
    label: (a) => ({ what: 'tweet.update', text: a.content }),
    changes: (_a, data) => {
      const tweet = tweetOf(data);
      return tweet ? [{ noun: 'tweet', updated: tweet }] : [];
    },
  },
  'tweet.delete': {
    lane: (a) => `tweet:${a.tweet}`,
    coalesce: 'cancels-creation',
    refs: (a) => [a.tweet],
    request: (a, resolve) => {
      const id = resolve(a.tweet);
      return id === undefined
        ? undefined
        : { method: tweetsApi.remove.method, path: tweetsApi.remove.path({ tweetId: id }) };
    },
    goneIsDone: true,
    label: () => ({ what: 'tweet.delete' }),
    changes: (a, _data, resolve) => {
      const id = resolve(a.tweet);
      return id === undefined ? [] : [{ noun: 'tweet', removed: id }];
    },
  },
  contact: {
    lane: (_a, id) => `contact:${id}`,
    coalesce: 'none',
    request: (a) => ({
      method: siteApi.contact.method,
      path: siteApi.contact.path(),
      body: { name: a.name, email: a.email, mobile: a.mobile, message: a.message },
    }),
    label: (a) => ({ what: 'contact', values: { name: a.name }, text: a.message }),
    changes: () => [],
  },
  progress: {
    lane: (a) => `progress:${a.videoId}`,
    // Only the latest place waits: a student watching offline for an hour queues one request.
    coalesce: 'final-state',
    merge: laterPlace,
    request: (a) => ({
      method: progressApi.record.method,
      path: progressApi.record.path({ videoId: a.videoId }),
      body: { position: a.position, completed: a.completed, at: a.at },
    }),
    // The video was deleted: there is nowhere left to remember a place in.
    goneIsDone: true,
    label: (a) => aboutLabel('progress', a.about),
    changes: (_a, data) =>
      (data as Progress | null)?.videoId ? [{ noun: 'progress', progress: data as Progress }] : [],
  },
  'quiz-attempt': {
    // Each attempt is its own: never coalesced with another, never waiting behind a refused one.
    lane: (a) => `quiz-attempt:${a.attemptId}`,
    coalesce: 'none',
    key: (a) => a.attemptId,
    // The server scores it again from the answers; the device's score stays on the device.
    request: (a) => ({
      method: quizApi.attempt.method,
      path: quizApi.attempt.path({ videoId: a.videoId }),
      body: { attemptId: a.attemptId, answers: a.answers, startedAt: a.startedAt, finishedAt: a.finishedAt },
    }),
    // The video or its quiz was deleted: there is nothing left to count the attempt toward.
    goneIsDone: true,
    label: (a) => aboutLabel('quiz-attempt', a.about),
    changes: (a, data) =>
      typeof (data as Attempt | null)?.score === 'number'
        ? [{ noun: 'quiz', videoId: a.videoId, attempt: data as Attempt }]
        : [],
  },
};

/** The descriptor of an action, typed for that action. */
export function kindOf<K extends ActionKind>(action: ActionOf<K>): KindDescriptor<ActionOf<K>> {
  return actionKinds[action.kind as K] as KindDescriptor<ActionOf<K>>;
}
