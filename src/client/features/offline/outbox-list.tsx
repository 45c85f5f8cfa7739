import { useState } from 'react';
import { kindOf } from '../../../shared/outbox/kinds.ts';
import type { OutboxEntry } from '../../../shared/outbox/model.ts';
import { Empty, Loading } from '../../components/status.tsx';
import { locale, plural, t } from '../../i18n/i18n.ts';
import { serverText } from '../../i18n/server-messages.ts';
import { useOutbox, useOutboxQueue } from '../../device/outbox/outbox-react.tsx';
import { useSettings } from '../../lib/settings.ts';
import { useOnline } from '../../lib/use-online.ts';
import './offline.css';

const clockTime = (ms: number) =>
  new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms);

function StateLine({ entry, online, wifiOnly }: { entry: OutboxEntry; online: boolean; wifiOnly: boolean }) {
  if (entry.state === 'failed') {
    return (
      <p className="outbox-state failed">
        {t('outbox.state.failed', { error: serverText(entry.error ?? '') })}
      </p>
    );
  }
  if (entry.state === 'sending') return <p className="outbox-state">{t('outbox.state.sending')}</p>;
  if (!online) return <p className="outbox-state">{t('outbox.state.offline')}</p>;
  if (wifiOnly) return <p className="outbox-state waiting-wifi">{t('outbox.state.wifi')}</p>;
  if (entry.attempts > 0) {
    return (
      <p className="outbox-state">
        {plural('outbox.state.retry', entry.attempts, { time: clockTime(entry.notBefore) })}
      </p>
    );
  }
  return <p className="outbox-state">{t('outbox.state.waiting')}</p>;
}

/**
 * What happens next to the entries, said only of those it is true of: an entry the server
 * refused is not sent again by itself, so "sent as soon as the server answers" is never said of it.
 */
function summary(entries: OutboxEntry[], online: boolean, wifiOnly: boolean): string {
  const refused = entries.filter((entry) => entry.state === 'failed').length;
  const waiting = entries.length - refused;
  const all = waiting === entries.length;
  const next =
    waiting === 0
      ? ''
      : plural(
          !online
            ? all
              ? 'outbox.next.offline.all'
              : 'outbox.next.offline.some'
            : wifiOnly
              ? all
                ? 'outbox.next.wifi.all'
                : 'outbox.next.wifi.some'
              : all
                ? 'outbox.next.online.all'
                : 'outbox.next.online.some',
          waiting,
        );
  const notSent =
    refused === 0
      ? ''
      : plural(refused === entries.length ? 'outbox.refused.all' : 'outbox.refused.some', refused);
  return [next, notSent].filter(Boolean).join(' ');
}

/** An entry's label in the student's language; the user content it names is shown as written. */
export function entryLabel(entry: OutboxEntry): { what: string; text?: string } {
  const label = kindOf(entry.action).label(entry.action);
  return {
    what: t(`outbox.kind.${label.what}`, label.values),
    ...(label.text !== undefined ? { text: label.text } : {}),
  };
}

/**
 * The outbox screen: every action of this user still waiting to reach the server, oldest first,
 * with its state. One the server refused shows its reason, with Retry (after fixing what it
 * says, e.g. when a deleted video can no longer take a comment) or Discard. "Send now" sends
 * everything at once, whatever "Send waiting actions" says (docs/product.md, "Settings").
 */
export function OutboxList() {
  const outbox = useOutbox();
  const queue = useOutboxQueue();
  const online = useOnline();
  const { holdingBack } = useSettings();
  const [busy, setBusy] = useState(false);

  // Until the queue has been read, nothing can be said: "Nothing is waiting" would be untrue.
  if (queue === undefined) return <Loading label={t('outbox.reading')} />;
  const entries = queue;
  if (entries.length === 0) {
    return <Empty>{t('outbox.empty')}</Empty>;
  }
  const sendNow = async () => {
    setBusy(true);
    try {
      await outbox.sendNow();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="outbox-summary">
        {plural('outbox.saved', entries.length)} {summary(entries, online, holdingBack)}
      </p>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={busy || !online}
        onClick={() => {
          if (!busy && online) void sendNow();
        }}
      >
        {busy ? t('outbox.sending') : t('outbox.sendNow')}
      </button>
      <ol className="outbox-list">
        {entries.map((entry) => {
          const { what, text } = entryLabel(entry);
          return (
            <li key={entry.id} className={entry.state === 'failed' ? 'outbox-item failed' : 'outbox-item'}>
              <p className="outbox-what">{what}</p>
              {text ? <p className="outbox-text">{text}</p> : null}
              <StateLine entry={entry} online={online} wifiOnly={holdingBack} />
              {entry.state === 'failed' ? (
                <div className="outbox-actions">
                  <button type="button" className="button" onClick={() => void outbox.retry(entry.id)}>
                    {t('outbox.retry')}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => {
                      if (window.confirm(t('outbox.discardConfirm', { what }))) void outbox.discard(entry.id);
                    }}
                  >
                    {t('outbox.discard')}
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
