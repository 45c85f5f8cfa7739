import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { isLocalRef, type TweetRef } from '../../../shared/outbox/model.ts';
import { useTweet } from '../../api/tweets.ts';
import { isNotFound, LoadError, Loading } from '../../components/status.tsx';
import { FormField } from '../../components/forms/form-field.tsx';
import { useOutbox, useOutboxQueue } from '../../device/outbox/outbox-react.tsx';
import { isOffline } from '../../lib/use-online.ts';
import { OfflineNote } from './online.tsx';
import { waitingEdit, waitingTweet } from './pending-tweets.ts';
import { checkTweet, TWEET_MAX_LENGTH, tweetLength } from './tweet-rules.ts';
import './tweets.css';
import { plural, t } from '../../i18n/i18n.ts';

const WARN_AT = 20;

/**
 * The text area with a live count and one button. The check is the contract's (tweet-rules.ts),
 * so the writer sees the server's words before anything is queued; the text stays when it fails.
 */
function TweetForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: string;
  submitLabel: string;
  onSubmit: (content: string) => Promise<void>;
}) {
  const id = useId();
  const fieldId = `${id}-content`;
  const countId = `${id}-count`;
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const length = tweetLength(content);
  const left = TWEET_MAX_LENGTH - length;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = checkTweet(content);
    if (!parsed.ok) {
      setError(parsed.message);
      area.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.content);
    } catch {
      setError(t('tweets.notKept'));
      setBusy(false);
    }
  }

  return (
    <form className="form-card tweet-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormField id={fieldId} label={t('tweets.field')} error={error}>
        <textarea
          ref={area}
          id={fieldId}
          name="content"
          rows={5}
          value={content}
          placeholder={t('tweets.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error ${countId}` : countId}
          onChange={(e) => {
            setContent(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
      <p
        id={countId}
        className={left < 0 ? 'tweet-count over' : left <= WARN_AT ? 'tweet-count near' : 'tweet-count'}
      >
        {length} / {TWEET_MAX_LENGTH}
        <span className="visually-hidden"> {t('tweets.characters')}</span>
      </p>
      {/* Said once the writer is close to the limit, not on every key. */}
      <p className="visually-hidden" aria-live="polite">
        {left < 0 ? plural('tweets.over', -left) : left <= WARN_AT ? plural('tweets.left', left) : ''}
      </p>
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
        <Link to="/getusertweets" className="text-link">
          {t('upload.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** /createtweet: the new tweet is queued in the outbox (it works offline), then My Tweets. */
export function CreateTweet() {
  const outbox = useOutbox();
  const navigate = useNavigate();
  return (
    <TweetForm
      initial=""
      submitLabel={t('tweets.createButton')}
      onSubmit={async (content) => {
        await outbox.enqueue({ kind: 'tweet.create', content });
        await navigate({ to: '/getusertweets' });
      }}
    />
  );
}

function Gone({ children }: { children: string }) {
  return (
    <div className="load-state load-state-empty" role="alert">
      <p>{children}</p>
      <Link to="/getusertweets" className="text-link">
        {t('tweets.back')}
      </Link>
    </div>
  );
}

function UpdateForm({ tweet, initial }: { tweet: TweetRef; initial: string }) {
  const outbox = useOutbox();
  const navigate = useNavigate();
  return (
    <TweetForm
      initial={initial}
      submitLabel={t('tweets.update')}
      onSubmit={async (content) => {
        // An unchanged text would only cost a request on a weak connection.
        if (content !== initial.trim()) await outbox.enqueue({ kind: 'tweet.update', tweet, content });
        await navigate({ to: '/getusertweets' });
      }}
    />
  );
}

/** An offline tweet is edited where it waits: in the outbox, folded into its creation. */
function UpdateWaitingTweet({ tweetRef }: { tweetRef: TweetRef }) {
  const queue = useOutboxQueue();
  const outbox = useOutbox();
  const navigate = useNavigate();
  const content = queue === undefined ? undefined : waitingTweet(queue, tweetRef);
  const sent = queue !== undefined && content === undefined;
  // Sent since the link was made (a bookmark, an open tab): edit it under its server id.
  const [lookedUp, setLookedUp] = useState(false);
  useEffect(() => {
    if (!sent) return;
    let live = true;
    void outbox.serverIdOf(tweetRef).then((serverId) => {
      if (!live) return;
      if (serverId)
        void navigate({ to: '/updatetweet/$tweetId', params: { tweetId: serverId }, replace: true });
      else setLookedUp(true);
    });
    return () => {
      live = false;
    };
  }, [sent, outbox, tweetRef, navigate]);
  if (queue === undefined || (sent && !lookedUp)) return <Loading />;
  if (content === undefined) {
    return <Gone>{t('tweets.noLongerWaiting')}</Gone>;
  }
  return <UpdateForm tweet={tweetRef} initial={content} />;
}

function UpdateServerTweet({ tweetId, user }: { tweetId: string; user: CurrentUser | null }) {
  const { data, error, isLoading, mutate } = useTweet(tweetId);
  const queue = useOutboxQueue();
  if (queue === undefined || (isLoading && !data)) return <Loading />;
  if (!data) {
    if (isNotFound(error)) return <Gone>{t('tweets.noSuch')}</Gone>;
    if (isOffline(error)) {
      return <OfflineNote>{t('tweets.notLoaded')}</OfflineNote>;
    }
    return <LoadError error={error} retry={() => void mutate()} />;
  }
  if (user && data.owner._id !== user._id) return <Gone>{t('tweets.onlyOwn')}</Gone>;
  return (
    <>
      {error && isOffline(error) ? <OfflineNote /> : null}
      <UpdateForm tweet={tweetId} initial={waitingEdit(queue, tweetId) ?? data.content} />
    </>
  );
}

/** /updatetweet/{id}: the tweet's text to edit, from the server or, for an offline tweet, the outbox. */
export function UpdateTweet({ tweetId, user }: { tweetId: string; user: CurrentUser | null }) {
  return isLocalRef(tweetId) ? (
    <UpdateWaitingTweet tweetRef={tweetId} />
  ) : (
    <UpdateServerTweet tweetId={tweetId} user={user} />
  );
}
