import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { useChannelStats } from '../../api/account.ts';
import { LoadError, Loading } from '../../components/status.tsx';
import { formatDate } from '../../lib/format.ts';
import './account.css';
import { formatNumber, t } from '../../i18n/i18n.ts';

function ChannelStatus({ userId }: { userId: string }) {
  const { data, error, isLoading, mutate } = useChannelStats(userId);
  return (
    <section className="account-panel" aria-labelledby="channel-status">
      <h2 id="channel-status">{t('account.channelStatus')}</h2>
      {isLoading ? <Loading /> : null}
      {error ? <LoadError error={error} retry={() => void mutate()} what={t('account.totals')} /> : null}
      {data ? (
        <dl className="stat-tiles">
          <div>
            <dt>{t('account.totalVideos')}</dt>
            <dd>{formatNumber(data.totalVideos)}</dd>
          </div>
          <div>
            <dt>{t('account.totalSubscribers')}</dt>
            <dd>{formatNumber(data.totalSubscribers)}</dd>
          </div>
          <div>
            <dt>{t('account.totalLikes')}</dt>
            <dd>{formatNumber(data.totalLikes)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}

/** The greeting, the pictures with their edit links, the details, the channel status and the way on. */
export function AccountOverview({ user }: { user: CurrentUser }) {
  return (
    <>
      <section className="account-hero" aria-label={t('account.pictures')}>
        <div className="account-cover-frame">
          <div className="account-cover">
            {user.coverImage ? (
              <img src={user.coverImage} alt={t('account.coverAlt')} width={1600} height={900} />
            ) : (
              <p className="account-cover-empty">{t('account.noCover')}</p>
            )}
          </div>
          <Link to="/updatecover" className="picture-edit cover-edit">
            {user.coverImage ? t('account.editCover') : t('account.addCover')}
          </Link>
        </div>
        <div className="account-identity">
          <div className="account-avatar">
            <img src={user.avatar} alt={t('account.avatarAlt')} width={256} height={256} />
            <Link to="/updateavatar" className="picture-edit">
              {t('account.editAvatar')}
            </Link>
          </div>
          <p className="account-greeting">
            {t('account.hello')} <strong>{user.fullName}</strong>
          </p>
        </div>
      </section>

      <div className="account-columns">
        <section className="account-panel" aria-labelledby="account-details">
          <h2 id="account-details">{t('account.details')}</h2>
          <dl className="detail-list">
            <div>
              <dt>{t('field.username')}</dt>
              <dd translate="no">{user.username}</dd>
            </div>
            <div>
              <dt>{t('field.fullName')}</dt>
              <dd>{user.fullName}</dd>
            </div>
            <div>
              <dt>{t('field.email')}</dt>
              <dd translate="no">{user.email}</dd>
            </div>
            <div>
              <dt>{t('account.created')}</dt>
              <dd>
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </dd>
            </div>
          </dl>
          <div className="account-actions">
            <Link to="/updateaccount" className="button">
              {t('account.update')}
            </Link>
            <Link to="/changepass" className="button button-secondary">
              {t('account.changePassword')}
            </Link>
            <Link to="/mysubscribers" className="button button-secondary">
              {t('account.subscribers')}
            </Link>
          </div>
        </section>
        <ChannelStatus userId={user._id} />
      </div>
    </>
  );
}
