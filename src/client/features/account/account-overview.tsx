import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { useChannelStats } from '../../api/account.ts';
import { LoadError, Loading } from '../../components/status.tsx';
import { formatDate } from '../../lib/format.ts';
import './account.css';

function ChannelStatus({ userId }: { userId: string }) {
  const { data, error, isLoading, mutate } = useChannelStats(userId);
  return (
    <section className="account-panel" aria-labelledby="channel-status">
      <h2 id="channel-status">Channel status</h2>
      {isLoading ? <Loading /> : null}
      {error ? <LoadError error={error} retry={() => void mutate()} what="your channel’s totals" /> : null}
      {data ? (
        <dl className="stat-tiles">
          <div>
            <dt>Total Videos</dt>
            <dd>{data.totalVideos}</dd>
          </div>
          <div>
            <dt>Total Subscribers</dt>
            <dd>{data.totalSubscribers}</dd>
          </div>
          <div>
            <dt>Total Likes</dt>
            <dd>{data.totalLikes}</dd>
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
      <section className="account-hero" aria-label="Your pictures">
        <div className="account-cover-frame">
          <div className="account-cover">
            {user.coverImage ? (
              <img src={user.coverImage} alt="Your cover image" width={1600} height={900} />
            ) : (
              <p className="account-cover-empty">No cover image yet</p>
            )}
          </div>
          <Link to="/updatecover" className="picture-edit cover-edit">
            {user.coverImage ? 'Edit cover image' : 'Add a cover image'}
          </Link>
        </div>
        <div className="account-identity">
          <div className="account-avatar">
            <img src={user.avatar} alt="Your avatar" width={256} height={256} />
            <Link to="/updateavatar" className="picture-edit">
              Edit avatar
            </Link>
          </div>
          <p className="account-greeting">
            Hello, <strong>{user.fullName}</strong>
          </p>
        </div>
      </section>

      <div className="account-columns">
        <section className="account-panel" aria-labelledby="account-details">
          <h2 id="account-details">Your details</h2>
          <dl className="detail-list">
            <div>
              <dt>Username</dt>
              <dd translate="no">{user.username}</dd>
            </div>
            <div>
              <dt>Full name</dt>
              <dd>{user.fullName}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd translate="no">{user.email}</dd>
            </div>
            <div>
              <dt>Account created</dt>
              <dd>
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </dd>
            </div>
          </dl>
          <div className="account-actions">
            <Link to="/updateaccount" className="button">
              Update Account Details
            </Link>
            <Link to="/changepass" className="button button-secondary">
              Change Password
            </Link>
            <Link to="/mysubscribers" className="button button-secondary">
              Subscribers
            </Link>
          </div>
        </section>
        <ChannelStatus userId={user._id} />
      </div>
    </>
  );
}
