import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { KeyedMutator } from 'swr';
import type { ChannelProfile } from '../../../shared/contracts/users.ts';
import { useChannelProfile } from '../../api/channels.ts';
import { isNotFound, LoadError, Loading } from '../../components/status.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import './channel.css';

export type ProfileActions = (profile: ChannelProfile, mutate: KeyedMutator<ChannelProfile>) => ReactNode;

/**
 * A channel's profile (docs/product.md, "People and channels"): cover, avatar, names, counts,
 * whether you are subscribed, e-mail. `actions` places what the route composes (Subscribe).
 */
export function ChannelProfileView({ username, actions }: { username: string; actions?: ProfileActions }) {
  const { data, error, isLoading, mutate } = useChannelProfile(username);
  const me = useCurrentUser();
  if (isLoading) return <Loading />;
  if (isNotFound(error)) {
    return (
      <p className="load-state load-state-empty" role="alert">
        There is no channel called “{username}”.
      </p>
    );
  }
  if (error || !data) return <LoadError error={error} retry={() => void mutate()} />;
  return (
    <article className="channel" aria-labelledby="channel-name">
      <div className="channel-cover">
        {data.coverImage ? <img src={data.coverImage} alt="" width={1600} height={900} /> : null}
      </div>
      <div className="channel-head">
        <img
          className="channel-avatar"
          src={data.avatar}
          alt={`${data.fullName}’s avatar`}
          width={256}
          height={256}
        />
        <div className="channel-names">
          <h2 id="channel-name">{data.fullName}</h2>
          <p className="channel-username" translate="no">
            @{data.username}
          </p>
        </div>
        <div className="channel-actions">{actions?.(data, mutate)}</div>
      </div>
      <dl className="channel-facts">
        <div>
          <dt>Subscribers</dt>
          <dd>{data.subscribersCount}</dd>
        </div>
        <div>
          <dt>Channels subscribed to</dt>
          <dd>{data.channelsSubscribedToCount}</dd>
        </div>
        {/* Nobody subscribes to their own channel: on it, the question is not asked. */}
        {me?._id === data._id ? null : (
          <div>
            <dt>Is Subscribed</dt>
            <dd>{data.isSubscribed ? 'Yes' : 'No'}</dd>
          </div>
        )}
        <div>
          <dt>Email</dt>
          <dd translate="no">{data.email}</dd>
        </div>
      </dl>
    </article>
  );
}

/** The way back each profile route gives (docs/product.md, "People and channels"). */
export function BackLink({ to }: { to: '/dashbord' | '/tweets' }) {
  return (
    <Link to={to} className="back-link">
      {to === '/dashbord' ? '← All videos' : '← All tweets'}
    </Link>
  );
}
