import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { userTweetsPath } from '../../api/tweets.ts';
import { useOutbox } from '../../device/outbox/outbox-react.tsx';
import { TweetFeed } from './all-tweets.tsx';
import type { TweetItem } from './pending-tweets.ts';
import './tweets.css';
import { t } from '../../i18n/i18n.ts';

/**
 * Delete Tweet, asked twice: a tap that cannot be undone deserves a second one. The delete goes
 * through the outbox (it works offline), and the screen then goes to /tweets (docs/product.md, "Tweets").
 */
function DeleteTweet({ item }: { item: TweetItem }) {
  const outbox = useOutbox();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function remove() {
    try {
      await outbox.enqueue({ kind: 'tweet.delete', tweet: item.ref });
      await navigate({ to: '/tweets' });
    } catch {
      setProblem(t('tweets.deleteNotKept'));
    }
  }

  if (!asking) {
    return (
      <button type="button" className="button button-danger-quiet" onClick={() => setAsking(true)}>
        {t('tweets.delete')}
      </button>
    );
  }
  return (
    <div className="tweet-confirm" role="group" aria-label={t('tweets.confirmDelete')}>
      <span className="tweet-confirm-question">{t('tweets.deleteQuestion')}</span>
      <button type="button" className="button button-danger" onClick={() => void remove()}>
        {t('tweets.yesDelete')}
      </button>
      <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
        {t('upload.cancel')}
      </button>
      {problem ? (
        <p role="alert" className="tweet-confirm-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** /getusertweets: your tweets with ways to write, update and delete them. */
export function MyTweets({ user }: { user: CurrentUser | null }) {
  return (
    <div className="tweets-main">
      <div className="tweets-toolbar">
        <Link to="/createtweet" className="button">
          {t('tweets.create')}
        </Link>
      </div>
      <TweetFeed
        path={user ? userTweetsPath(user._id) : null}
        user={user}
        label={t('title.myTweets')}
        empty={t('status.empty')}
        {...(user
          ? {}
          : {
              offlineNote: t('tweets.offlineMine'),
            })}
        actions={(item) =>
          item.waiting?.action.kind === 'tweet.delete' ? null : (
            <>
              <Link
                to="/updatetweet/$tweetId"
                params={{ tweetId: item.ref }}
                className="button button-secondary"
              >
                {t('tweets.update')}
              </Link>
              <DeleteTweet item={item} />
            </>
          )
        }
      />
    </div>
  );
}
