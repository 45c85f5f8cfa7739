import type { Tweet } from '../../../shared/contracts/tweets.ts';
import type { PublicUser } from '../../../shared/contracts/users.ts';
import { localRef, type OutboxEntry, type TweetRef } from '../../../shared/outbox/model.ts';

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
