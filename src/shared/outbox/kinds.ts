import type { Comment } from '../contracts/comments.ts';
import type { LikeKind, LikeState } from '../contracts/likes.ts';
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
import { likesApi } from '../endpoints/likes.ts';
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
  | { noun: 'comment'; videoId: string; added: Comment }
  | { noun: 'comment'; videoId: string; removed: string }
  | { noun: 'tweet'; added: Tweet }
  | { noun: 'tweet'; updated: Tweet }
  | { noun: 'tweet'; removed: string };

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
  coalesce: Coalescing;
  /** The contract's call (docs/api.md); undefined while a reference it needs has no server id. */
  request(action: A, resolve: (ref: TweetRef) => string | undefined): OutboxRequest | undefined;
  /** References to things made offline that must be resolved to server ids before sending. */
  refs?(action: A): TweetRef[];
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
  | 'comment.create'
  | 'comment.delete'
  | 'tweet.create'
  | 'tweet.update'
  | 'tweet.delete'
  | 'contact';
export interface OutboxLabel {
  what: OutboxLabelId;
  /** User content named in the message, shown as written: `{about}` (a title), `{name}`. */
  values?: { about?: string; name?: string };
  text?: string;
}

/** Says which video (or comment, or tweet) when the like knows it: "Like the video “Fractions”". */
function likeLabel(a: ActionOf<'like'>): OutboxLabel {
  const verb = a.liked ? 'like' : 'unlike';
  const about = a.about?.trim().replace(/\s+/g, ' ');
  if (!about) return { what: `${verb}.${a.target}` };
  const short = about.length > 60 ? `${about.slice(0, 59)}…` : about;
  return { what: `${verb}.${a.target}.about`, values: { about: short } };
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
};

/** The descriptor of an action, typed for that action. */
export function kindOf<K extends ActionKind>(action: ActionOf<K>): KindDescriptor<ActionOf<K>> {
  return actionKinds[action.kind as K] as KindDescriptor<ActionOf<K>>;
}
