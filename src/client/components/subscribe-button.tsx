import { Link, useLocation } from '@tanstack/react-router';
import { useQueuedToggle } from '../device/outbox/outbox-react.tsx';
import { useCurrentUser } from '../lib/session.tsx';
import { PendingMark } from './pending-mark.tsx';
import { t } from '../i18n/i18n.ts';

/**
 * Subscribe or Unsubscribe through the outbox, in the contract's set form (a repeat cannot undo
 * itself): shown at once, marked pending until the server has it. `subscribed` is what the server
 * last said. Hidden on your own channel; signed out, it is a link to sign in.
 */
export function SubscribeButton({ channelId, subscribed }: { channelId: string; subscribed: boolean }) {
  const me = useCurrentUser();
  const location = useLocation();
  if (!me) {
    return (
      <Link to="/login" search={{ redirect: location.href }} className="button button-secondary">
        Sign in to subscribe
      </Link>
    );
  }
  if (me._id === channelId) return null;
  return <QueuedSubscribeButton channelId={channelId} subscribed={subscribed} />;
}

function QueuedSubscribeButton({ channelId, subscribed }: { channelId: string; subscribed: boolean }) {
  const {
    on: shown,
    latest,
    toggle,
  } = useQueuedToggle({
    kind: 'subscribe',
    match: (a) => a.channelId === channelId,
    server: subscribed,
    stateOf: (a) => a.subscribed,
    action: (on) => ({ kind: 'subscribe', channelId, subscribed: on }),
  });
  return (
    <span className="subscribe">
      <button
        type="button"
        className={shown ? 'button button-secondary' : 'button'}
        aria-pressed={shown}
        onClick={toggle}
      >
        {shown ? t('subscribe.off') : t('subscribe.on')}
      </button>
      <PendingMark entry={latest} />
    </span>
  );
}
