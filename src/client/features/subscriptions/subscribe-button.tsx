import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import type { SubscriptionState } from '../../../shared/contracts/subscriptions.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';

/**
 * Subscribe or Unsubscribe. It sends the state wanted, not a flip, so that a repeat (a double
 * tap, a retry) cannot undo itself. Hidden on your own channel; signed out, it is a sign-in link.
 */
export function SubscribeButton({
  channelId,
  subscribed,
  onChange,
}: {
  channelId: string;
  subscribed: boolean;
  onChange: (state: SubscriptionState) => void;
}) {
  const api = useApi();
  const me = useCurrentUser();
  const location = useLocation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!me) {
    return (
      <Link to="/login" search={{ redirect: location.href }} className="button button-secondary">
        Sign in to subscribe
      </Link>
    );
  }
  if (me._id === channelId) return null;

  const toggle = async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      const { data } = await api.post<SubscriptionState>(`/subscriptions/c/${channelId}`, {
        subscribed: !subscribed,
      });
      onChange(data);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={subscribed ? 'button button-secondary' : 'button'}
        aria-disabled={sending}
        onClick={() => void toggle()}
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      {error ? (
        <p className="subscribe-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
