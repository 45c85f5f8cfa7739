import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Empty, LoadError, Loading, MoreButton } from '../../components/status.tsx';
import { formatDate } from '../../lib/format.ts';
import { useSubscribers, useSubscriptions } from '../../api/account.ts';
import type { PagedList } from '../../api/paged-list.ts';
import './subscriptions.css';
import { t } from '../../i18n/i18n.ts';

interface Person {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  email: string;
  createdAt: string;
}

function PeopleList({
  list,
  empty,
}: {
  list: { items: { key: string; person: Person }[] } & Omit<PagedList<unknown>, 'items'>;
  /** Why the list is empty and where to go from here. */
  empty: ReactNode;
}) {
  if (list.isLoading) return <Loading />;
  if (list.error) return <LoadError error={list.error} retry={list.retry} />;
  if (list.items.length === 0) return <Empty detail={empty} />;
  return (
    <>
      <ul className="people-list">
        {list.items.map(({ key, person }) => (
          <li key={key} className="person">
            <img src={person.avatar} alt="" width={64} height={64} loading="lazy" />
            <div className="person-text">
              <p className="person-name">
                <Link to="/userprofile/$username" params={{ username: person.username }} translate="no">
                  {person.username}
                </Link>
              </p>
              <p>{person.fullName}</p>
              <p className="person-meta" translate="no">
                {person.email}
              </p>
              <p className="person-meta">
                {t('people.joined')} <time dateTime={person.createdAt}>{formatDate(person.createdAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      {list.hasMore ? <MoreButton loading={list.loadingMore} onClick={list.loadMore} /> : null}
    </>
  );
}

/** The people subscribed to your channel (GET /subscriptions/c/{yourId}). */
export function MySubscribers({ userId, username }: { userId: string; username: string }) {
  const list = useSubscribers(userId);
  return (
    <PeopleList
      list={{ ...list, items: list.items.map((i) => ({ key: i._id, person: i.subscriber })) }}
      empty={
        <>
          <p>{t('people.noSubscribers')}</p>
          <Link to="/userprofile/$username" params={{ username }} className="button button-secondary">
            {t('people.yourChannel')}
          </Link>
        </>
      }
    />
  );
}

/** The channels you subscribe to (GET /subscriptions/u/{yourId}). */
export function MySubscriptions({ userId }: { userId: string }) {
  const list = useSubscriptions(userId);
  return (
    <PeopleList
      list={{ ...list, items: list.items.map((i) => ({ key: i._id, person: i.channel })) }}
      empty={
        <>
          <p>{t('people.noSubscriptions')}</p>
          <Link to="/dashbord" className="button button-secondary">
            {t('people.findVideos')}
          </Link>
        </>
      }
    />
  );
}
