import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ChannelProfile } from '../../../shared/contracts/users.ts';
import { useChannelProfile, type ProfileMutator } from '../../api/channels.ts';
import { isNotFound, LoadError, Loading } from '../../components/status.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import './channel.css';
import { formatNumber, t } from '../../i18n/i18n.ts';

export type ProfileActions = (profile: ChannelProfile, mutate: ProfileMutator) => ReactNode;

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
        {t('channel.none', { username })}
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
          alt={t('channel.avatarAlt', { name: data.fullName })}
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
          <dt>{t('account.subscribers')}</dt>
          <dd>{formatNumber(data.subscribersCount)}</dd>
        </div>
        <div>
          <dt>{t('channel.subscribedTo')}</dt>
          <dd>{formatNumber(data.channelsSubscribedToCount)}</dd>
        </div>
        {/* Nobody subscribes to their own channel: on it, the question is not asked. */}
        {me?._id === data._id ? null : (
          <div>
            <dt>{t('channel.isSubscribed')}</dt>
            <dd>{data.isSubscribed ? t('common.yes') : t('common.no')}</dd>
          </div>
        )}
        <div>
          <dt>{t('field.email')}</dt>
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
      ← {to === '/dashbord' ? t('title.allVideos') : t('title.allTweets')}
    </Link>
  );
}
