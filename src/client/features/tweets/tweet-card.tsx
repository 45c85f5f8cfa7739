import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { LikeButton } from '../../components/like-button.tsx';
import { PendingMark } from '../../components/pending-mark.tsx';
import { formatDate } from '../../lib/format.ts';
import { useOutbox } from '../../device/outbox/outbox-react.tsx';
import type { TweetItem } from './pending-tweets.ts';
import './tweets.css';
import { locale, t } from '../../i18n/i18n.ts';

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
];

/** "2 min. ago" for the last day, where the exact date says little; the date after that. */
export function tweetTime(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(amount)) return iso;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size)
      return new Intl.RelativeTimeFormat(locale(), { numeric: 'auto', style: 'short' }).format(
        Math.round(amount),
        unit,
      );
    amount /= size;
  }
  return formatDate(iso);
}

function Avatar({ item }: { item: TweetItem }) {
  // An avatar not yet on this device cannot load offline: the owner's initial stands in for it.
  const [failed, setFailed] = useState(false);
  if (!item.owner) {
    return (
      <span className="tweet-avatar tweet-avatar-you" aria-hidden="true">
        {t('comments.you')}
      </span>
    );
  }
  return (
    <Link
      to="/userprofile1/$username"
      params={{ username: item.owner.username }}
      className="tweet-avatar-link"
      tabIndex={-1}
      aria-hidden="true"
    >
      {failed ? (
        <span className="tweet-avatar tweet-avatar-you">{item.owner.username.slice(0, 1).toUpperCase()}</span>
      ) : (
        <img
          className="tweet-avatar"
          src={item.owner.avatar}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      )}
    </Link>
  );
}

/** What a waiting entry is doing to this tweet, said next to its "Pending" mark. */
function waitingLabel(item: TweetItem): string | null {
  const kind = item.waiting?.action.kind;
  if (kind === 'tweet.delete') return t('tweets.deleteWaiting');
  if (kind === 'tweet.update' && item.tweet) return t('tweets.edited');
  return null;
}

/** A refused change can be sent again or dropped; the outbox keeps it until one is chosen. */
function Refused({ item }: { item: TweetItem }) {
  const outbox = useOutbox();
  const entry = item.waiting;
  if (entry?.state !== 'failed') return null;
  return (
    <span className="tweet-refused-actions">
      <button type="button" className="button button-secondary" onClick={() => void outbox.retry(entry.id)}>
        {t('status.tryAgain')}
      </button>
      <button type="button" className="button button-secondary" onClick={() => void outbox.discard(entry.id)}>
        {t('outbox.discard')}
      </button>
    </span>
  );
}

/**
 * One tweet (docs/product.md, "Tweets"): owner avatar and username linking to their profile, the
 * text, the like button and count, and the tweet id. A tweet with a change still waiting on
 * this device is marked "Pending". `actions` holds what My Tweets adds (update, delete).
 */
export function TweetCard({ item, actions }: { item: TweetItem; actions?: ReactNode }) {
  const label = waitingLabel(item);
  return (
    <li className={item.waiting ? 'tweet-card tweet-waiting' : 'tweet-card'}>
      <div className="tweet-head">
        <Avatar item={item} />
        <div className="tweet-who">
          {item.owner ? (
            <Link
              to="/userprofile1/$username"
              params={{ username: item.owner.username }}
              className="tweet-username"
              translate="no"
            >
              {item.owner.username}
            </Link>
          ) : (
            <span className="tweet-username">{t('comments.you')}</span>
          )}
          <span className="tweet-meta">
            {item.owner ? <span className="tweet-fullname">{item.owner.fullName}</span> : null}
            <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString(locale())}>
              {tweetTime(item.createdAt)}
            </time>
          </span>
        </div>
      </div>
      <p className="tweet-content">{item.content}</p>
      <div className="tweet-foot">
        {item.tweet ? (
          <LikeButton
            target="t"
            targetId={item.tweet._id}
            about={item.content}
            initial={{ liked: item.tweet.liked, likesCount: item.tweet.likesCount }}
          />
        ) : null}
        {item.waiting ? (
          <span className="tweet-waiting-line">
            {label ? <span className="tweet-waiting-label">{label}</span> : null}
            <PendingMark entry={item.waiting} />
            <Refused item={item} />
          </span>
        ) : null}
        <span className="tweet-id">
          {t('tweets.id')}{' '}
          {item.tweet ? (
            <code translate="no">{item.tweet._id}</code>
          ) : (
            <span className="tweet-id-waiting">{t('tweets.idWaiting')}</span>
          )}
        </span>
      </div>
      {actions ? <div className="tweet-actions">{actions}</div> : null}
    </li>
  );
}

/** The list of cards, newest first. */
export function TweetList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol className="tweet-list" aria-label={label}>
      {children}
    </ol>
  );
}
