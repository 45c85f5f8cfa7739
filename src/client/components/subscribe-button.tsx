import { useOutbox, usePendingActions } from '../lib/outbox-react.tsx';
import { PendingMark } from './pending-mark.tsx';

/**
 * Subscribe or unsubscribe through the outbox, in the contract's set form: shown at once, marked
 * pending until the server has it. `subscribed` is what the server last said.
 */
export function SubscribeButton({ channelId, subscribed }: { channelId: string; subscribed: boolean }) {
  const outbox = useOutbox();
  const waiting = usePendingActions('subscribe', (a) => a.channelId === channelId);
  const latest = waiting[waiting.length - 1];
  const shown = latest && latest.state !== 'failed' ? latest.action.subscribed : subscribed;
  return (
    <span className="subscribe">
      <button
        type="button"
        className={shown ? 'button button-secondary' : 'button'}
        aria-pressed={shown}
        onClick={() => void outbox.enqueue({ kind: 'subscribe', channelId, subscribed: !shown })}
      >
        {shown ? 'Unsubscribe' : 'Subscribe'}
      </button>
      <PendingMark entry={latest} />
    </span>
  );
}
