import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { userTweetsPath } from '../../api/tweets.ts';
import { useOutbox } from '../../lib/outbox-react.tsx';
import { TweetFeed } from './all-tweets.tsx';
import type { TweetItem } from './pending-tweets.ts';
import './tweets.css';

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
      setProblem('This device could not keep the delete. Please try again.');
    }
  }

  if (!asking) {
    return (
      <button type="button" className="button button-danger-quiet" onClick={() => setAsking(true)}>
        Delete Tweet
      </button>
    );
  }
  return (
    <div className="tweet-confirm" role="group" aria-label="Confirm delete">
      <span className="tweet-confirm-question">Delete this tweet?</span>
      <button type="button" className="button button-danger" onClick={() => void remove()}>
        Yes, delete
      </button>
      <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
        Cancel
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
          Create New Tweet
        </Link>
      </div>
      <TweetFeed
        path={user ? userTweetsPath(user._id) : null}
        user={user}
        label="My tweets"
        empty="data not found"
        {...(user
          ? {}
          : {
              offlineNote:
                'Only your tweets waiting on this device are shown; the rest appear when you are back online.',
            })}
        actions={(item) =>
          item.waiting?.action.kind === 'tweet.delete' ? null : (
            <>
              <Link
                to="/updatetweet/$tweetId"
                params={{ tweetId: item.ref }}
                className="button button-secondary"
              >
                Update Tweet
              </Link>
              <DeleteTweet item={item} />
            </>
          )
        }
      />
    </div>
  );
}
