import { useSyncExternalStore } from 'react';
import type { Tweet } from '../../../shared/contracts/tweets.ts';
import type { PublicUser } from '../../../shared/contracts/users.ts';
import { isLocalRef, localRef, type OutboxEntry, type TweetRef } from '../../../shared/outbox/model.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { useOutbox } from '../../lib/outbox-react.tsx';

type Owner = Pick<PublicUser, '_id' | 'username' | 'fullName' | 'avatar'>;

/** One tweet as a screen shows it: the server's copy with this device's waiting changes applied. */
export interface TweetItem {
  /** The server id, or `local:<entry id>` for a tweet created on this device and not yet sent. */
  ref: TweetRef;
  content: string;
  /** Null for a tweet of yours while the app could not learn who you are (opened offline). */
  owner: Owner | null;
  createdAt: string;
  /** The server's copy (likes need it); absent for a tweet that has not reached the server. */
  tweet?: Tweet;
  /** The outbox entry still waiting for this tweet, shown as "Pending" (or "Not sent"). */
  waiting?: OutboxEntry;
}

interface Delivered {
  created: Tweet[];
  updated: ReadonlyMap<string, Tweet>;
  deleted: ReadonlySet<string>;
}

// How long a delivered change is laid over the server's list: ample for the list to be read
// again, short enough that a change made elsewhere afterwards is never hidden for long.
const KEEP_MS = 60_000;

interface DeliveredStore {
  state: Delivered;
  listeners: Set<() => void>;
}
const stores = new WeakMap<Outbox, DeliveredStore>();

/** What an outbox delivered lately, kept for the app's life: a list opened after it still sees it. */
function deliveredStore(outbox: Outbox): DeliveredStore {
  const store = stores.get(outbox);
  if (store) return store;
  const made: DeliveredStore = {
    state: { created: [], updated: new Map(), deleted: new Set() },
    listeners: new Set(),
  };
  const change = (next: (d: Delivered) => Delivered) => {
    made.state = next(made.state);
    for (const listener of made.listeners) listener();
  };
  outbox.onDelivered((entry, data) => {
    const { action } = entry;
    const tweet = data as Tweet | null;
    if (action.kind === 'tweet.create' && tweet?._id) {
      change((d) => ({ ...d, created: [tweet, ...d.created] }));
      setTimeout(() => change((d) => ({ ...d, created: d.created.filter((t) => t !== tweet) })), KEEP_MS);
    } else if (action.kind === 'tweet.update' && tweet?._id) {
      change((d) => ({ ...d, updated: new Map(d.updated).set(tweet._id, tweet) }));
      setTimeout(() => {
        change((d) => {
          if (d.updated.get(tweet._id) !== tweet) return d;
          const updated = new Map(d.updated);
          updated.delete(tweet._id);
          return { ...d, updated };
        });
      }, KEEP_MS);
    } else if (action.kind === 'tweet.delete' && !isLocalRef(action.tweet)) {
      const id = action.tweet;
      change((d) => ({ ...d, deleted: new Set(d.deleted).add(id) }));
      setTimeout(() => {
        change((d) => {
          const deleted = new Set(d.deleted);
          deleted.delete(id);
          return { ...d, deleted };
        });
      }, KEEP_MS);
    }
  });
  stores.set(outbox, made);
  return made;
}

/**
 * What the outbox delivered lately, laid over the server's list until the list has been read
 * again (the delivery asks for that: see revalidateAfter in lib/outbox-react.tsx), so that a
 * tweet does not blink out between leaving the outbox and reappearing in the list, and a deleted
 * one does not flash back from a list cached before the delete, even one opened afterwards.
 */
export function useDeliveredTweets(path: string | null) {
  const store = deliveredStore(useOutbox());
  const delivered = useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.state,
  );
  return (server: readonly Tweet[]): Tweet[] => {
    const known = new Set(server.map((t) => t._id));
    // A new tweet belongs on everyone's list and on its author's, not on another channel's.
    const fits = (t: Tweet) => path === '/tweets' || path === `/tweets/user/${t.owner._id}`;
    return [...delivered.created.filter((t) => fits(t) && !known.has(t._id)), ...server]
      .filter((t) => !delivered.deleted.has(t._id))
      .map((t) => {
        const newer = delivered.updated.get(t._id);
        return newer && newer.updatedAt > t.updatedAt ? newer : t;
      });
  };
}

/** Of two entries for one tweet, the one to show: a refusal first, else the later one. */
const markOf = (a: OutboxEntry | undefined, b: OutboxEntry | undefined) =>
  a?.state === 'failed' ? a : b?.state === 'failed' ? b : (b ?? a);

/**
 * The list a screen shows: tweets created on this device and still waiting come first (newest
 * first, with their latest text), then the server's tweets, where a waiting edit shows its new
 * text and a waiting delete hides the tweet. A refused delete keeps the tweet, marked "Not sent".
 */
export function withWaitingChanges(
  server: readonly Tweet[],
  queue: readonly OutboxEntry[],
  me: Owner | null,
): TweetItem[] {
  const edits = new Map<TweetRef, OutboxEntry & { action: { kind: 'tweet.update' } }>();
  const deletes = new Map<TweetRef, OutboxEntry>();
  const creations: OutboxEntry[] = [];
  for (const entry of queue) {
    const { action } = entry;
    if (action.kind === 'tweet.create') creations.push(entry);
    else if (action.kind === 'tweet.update') edits.set(action.tweet, { ...entry, action });
    else if (action.kind === 'tweet.delete') deletes.set(action.tweet, entry);
  }
  const hidden = (ref: TweetRef) => {
    const entry = deletes.get(ref);
    return entry !== undefined && entry.state !== 'failed';
  };

  const local: TweetItem[] = [];
  for (const entry of [...creations].reverse()) {
    if (entry.action.kind !== 'tweet.create') continue;
    const ref = localRef(entry.id);
    if (hidden(ref)) continue;
    const edit = edits.get(ref);
    local.push({
      ref,
      content: edit?.action.content ?? entry.action.content,
      owner: me,
      createdAt: new Date(entry.createdAt).toISOString(),
      waiting: markOf(markOf(entry, edit), deletes.get(ref)),
    });
  }

  const sent: TweetItem[] = [];
  for (const tweet of server) {
    if (hidden(tweet._id)) continue;
    const edit = edits.get(tweet._id);
    const waiting = markOf(edit, deletes.get(tweet._id));
    sent.push({
      ref: tweet._id,
      content: edit?.action.content ?? tweet.content,
      owner: tweet.owner,
      createdAt: tweet.createdAt,
      tweet,
      ...(waiting ? { waiting } : {}),
    });
  }
  return [...local, ...sent];
}

/** A tweet created on this device and still waiting: its latest text, or undefined if none is. */
export function waitingTweet(queue: readonly OutboxEntry[], ref: TweetRef): string | undefined {
  let content: string | undefined;
  for (const { id, action } of queue) {
    if (action.kind === 'tweet.create' && localRef(id) === ref) content = action.content;
    if (action.kind === 'tweet.update' && action.tweet === ref && content !== undefined)
      content = action.content;
    if (action.kind === 'tweet.delete' && action.tweet === ref) content = undefined;
  }
  return content;
}

/** The text of the latest waiting edit of a tweet, if there is one. */
export function waitingEdit(queue: readonly OutboxEntry[], ref: TweetRef): string | undefined {
  let content: string | undefined;
  for (const { action } of queue) {
    if (action.kind === 'tweet.update' && action.tweet === ref) content = action.content;
  }
  return content;
}
