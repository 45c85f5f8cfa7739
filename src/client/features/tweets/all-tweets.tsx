import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { allTweetsPath, useTweetList } from '../../api/tweets.ts';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { useOutboxQueue } from '../../device/outbox/outbox-react.tsx';
import { useOldestSavedCopy } from '../../lib/saved-copies.ts';
import { isOffline, useOnline } from '../../lib/use-online.ts';
import { OfflineNote } from './online.tsx';
import { withWaitingChanges, type TweetItem } from './pending-tweets.ts';
import { TweetCard, TweetList } from './tweet-card.tsx';
import './tweets.css';
import { t } from '../../i18n/i18n.ts';

/**
 * A paged tweet list with this device's waiting changes applied, and the states every tweet
 * screen shares: loading, empty, failed, and offline (what is here is shown, with a note).
 */
export function TweetFeed({
  path,
  user,
  label,
  empty,
  offlineNote,
  actions,
}: {
  /** The server list; null when it cannot be asked for (your id unknown while offline). */
  path: string | null;
  user: CurrentUser | null;
  label: string;
  empty: string;
  offlineNote?: string;
  actions?: (item: TweetItem) => ReactNode;
}) {
  const list = useTweetList(path);
  const queue = useOutboxQueue();
  const online = useOnline();
  // Until the queue is read, the server's copy alone could show a tweet deleted on this device.
  const items = queue === undefined ? [] : withWaitingChanges(list.items, queue, user);
  const offline = !online || path === null || (list.error !== undefined && isOffline(list.error));
  const failed = list.error !== undefined && !offline;
  // Above every screen, "Offline: showing what was saved at …" already says it when the list is a
  // saved copy: one notice, not two stacked.
  const savedCopyShown = useOldestSavedCopy() !== null;

  return (
    <>
      {offline && !savedCopyShown ? <OfflineNote>{offlineNote}</OfflineNote> : null}
      {items.length > 0 ? (
        <TweetList label={label}>
          {items.map((item) => (
            <TweetCard key={item.ref} item={item} actions={actions?.(item)} />
          ))}
        </TweetList>
      ) : null}
      {list.isLoading || queue === undefined ? <Loading label={t('tweets.loading')} /> : null}
      {failed && list.items.length === 0 ? <LoadError error={list.error} retry={list.retry} /> : null}
      {!list.isLoading &&
      !failed &&
      // Offline, an empty list is said only when it is a saved copy, not one that was never read.
      (!offline || (savedCopyShown && path !== null && list.error === undefined)) &&
      queue !== undefined &&
      items.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : null}
      {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
    </>
  );
}

/** /tweets: everyone's tweets, newest first, yours that are still waiting on top. */
export function AllTweets({ user }: { user: CurrentUser | null }) {
  return (
    <div className="tweets-layout">
      <div className="tweets-main">
        <TweetFeed
          path={allTweetsPath}
          user={user}
          label={t('title.allTweets')}
          empty={t('tweets.empty')}
          offlineNote={t('tweets.offlineAll')}
        />
      </div>
      <aside className="tweets-aside" aria-label={t('tweets.write')}>
        <p className="tweets-aside-title">{t('tweets.share')}</p>
        <p className="tweets-aside-text">{t('tweets.asideText')}</p>
        <div className="tweets-aside-actions">
          <Link to="/createtweet" className="button">
            {t('tweets.write')}
          </Link>
          <Link to="/getusertweets" className="text-link">
            {t('nav.myTweets')}
          </Link>
        </div>
      </aside>
    </div>
  );
}
