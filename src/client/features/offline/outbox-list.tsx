import { useState } from 'react';
import { kindOf } from '../../../shared/outbox/kinds.ts';
import type { OutboxEntry } from '../../../shared/outbox/model.ts';
import { Empty, Loading } from '../../components/status.tsx';
import { useOutbox, useOutboxQueue } from '../../lib/outbox-react.tsx';
import { useOnline } from '../../lib/use-online.ts';
import './offline.css';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function StateLine({ entry, online }: { entry: OutboxEntry; online: boolean }) {
  if (entry.state === 'failed') return <p className="outbox-state failed">Not sent: {entry.error}</p>;
  if (entry.state === 'sending') return <p className="outbox-state">Sending…</p>;
  if (!online) return <p className="outbox-state">Waiting for a connection</p>;
  if (entry.attempts > 0) {
    return (
      <p className="outbox-state">
        Waiting: tried {entry.attempts} {entry.attempts === 1 ? 'time' : 'times'}, next try at{' '}
        {clock.format(entry.notBefore)}
      </p>
    );
  }
  return <p className="outbox-state">Waiting to be sent</p>;
}

/**
 * What happens next to the entries, said only of those it is true of: an entry the server
 * refused is not sent again by itself, so "sent as soon as the server answers" is never said of it.
 */
function summary(entries: OutboxEntry[], online: boolean): string {
  const refused = entries.filter((entry) => entry.state === 'failed').length;
  const waiting = entries.length - refused;
  const all = waiting === entries.length;
  const them = all ? (waiting === 1 ? 'It' : 'They') : waiting === 1 ? 'One of them' : `${waiting} of them`;
  const next =
    waiting === 0
      ? ''
      : online
        ? `${them} ${waiting === 1 ? 'is' : 'are'} sent as soon as the server answers.`
        : `${them} will be sent when the connection returns, even if you close the app.`;
  const notSent =
    refused === 0
      ? ''
      : refused === entries.length
        ? `The server refused ${refused === 1 ? 'it' : 'them'}: fix what it says and retry, or discard.`
        : `${refused} ${refused === 1 ? 'was' : 'were'} refused by the server: see below.`;
  return [next, notSent].filter(Boolean).join(' ');
}

/**
 * The outbox screen: every action of this user still waiting to reach the server, oldest first,
 * with its state. One the server refused shows its reason, with Retry (after fixing what it
 * says, e.g. when a deleted video can no longer take a comment) or Discard.
 */
export function OutboxList() {
  const outbox = useOutbox();
  const queue = useOutboxQueue();
  const online = useOnline();
  const [busy, setBusy] = useState(false);

  // Until the queue has been read, nothing can be said: "Nothing is waiting" would be untrue.
  if (queue === undefined) return <Loading label="Reading what waits on this device…" />;
  const entries = queue;
  if (entries.length === 0) {
    return <Empty>Nothing is waiting: everything you did has reached the server.</Empty>;
  }
  const sendNow = async () => {
    setBusy(true);
    try {
      await outbox.drainSoon(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="outbox-summary">
        {entries.length} {entries.length === 1 ? 'action is' : 'actions are'} saved on this device.{' '}
        {summary(entries, online)}
      </p>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={busy || !online}
        onClick={() => {
          if (!busy && online) void sendNow();
        }}
      >
        {busy ? 'Sending…' : 'Send now'}
      </button>
      <ol className="outbox-list">
        {entries.map((entry) => {
          const { what, text } = kindOf(entry.action).label(entry.action);
          return (
            <li key={entry.id} className={entry.state === 'failed' ? 'outbox-item failed' : 'outbox-item'}>
              <p className="outbox-what">{what}</p>
              {text ? <p className="outbox-text">{text}</p> : null}
              <StateLine entry={entry} online={online} />
              {entry.state === 'failed' ? (
                <div className="outbox-actions">
                  <button type="button" className="button" onClick={() => void outbox.retry(entry.id)}>
                    Retry
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => {
                      if (window.confirm(`Discard “${what}”? It will not be sent.`))
                        void outbox.discard(entry.id);
                    }}
                  >
                    Discard
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
