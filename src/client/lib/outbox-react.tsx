import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { mutate } from 'swr';
import type { OutboxAction, OutboxEntry } from '../../shared/outbox/model.ts';
import { refreshSession } from './api-client.ts';
import { Outbox } from './outbox.ts';
import { OutboxDatabase } from './outbox-store.ts';

let appOutbox: Outbox | undefined;

/**
 * The app's outbox, made on first use (so IndexedDB code loads only with the screens that write)
 * and started at once: it drains what an earlier visit left, and again on `online` and when the
 * tab comes back.
 */
export function getAppOutbox(): Outbox {
  if (!appOutbox) {
    appOutbox = new Outbox({
      db: new OutboxDatabase(),
      // No verdict (offline) counts as "not now": entries wait for the next trigger.
      refresh: () => refreshSession().catch(() => false),
    });
    appOutbox.onDelivered(revalidateAfter);
    appOutbox.start();
  }
  return appOutbox;
}

/** After the server has an action, the screens showing what it changed read it again. */
export function revalidateAfter(entry: OutboxEntry, data: unknown): void {
  const a = entry.action;
  const touches =
    (...prefixes: string[]) =>
    (key: unknown) =>
      typeof key === 'string' && prefixes.some((p) => key.includes(p));
  switch (a.kind) {
    case 'like':
      void mutate(`/likes/toggle/${a.target}/${a.targetId}`, data, { revalidate: false });
      if (a.target === 'c') void mutate(touches('/comments/'));
      if (a.target === 't') void mutate(touches('/tweets'));
      if (a.target === 'v') void mutate(touches('/likes/videos', '/videos'));
      break;
    case 'subscribe':
      void mutate(touches('/users/c/', '/subscriptions/', '/dashboard/stats/'));
      break;
    case 'comment.create':
      void mutate(touches(`/comments/${a.videoId}`));
      break;
    case 'tweet.create':
    case 'tweet.update':
    case 'tweet.delete':
      void mutate(touches('/tweets'));
      break;
    case 'contact':
      break;
  }
}

const OutboxContext = createContext<Outbox | null>(null);

/** Lets tests give screens an outbox of their own (another database, a real test server). */
export function OutboxProvider({ outbox, children }: { outbox: Outbox; children: ReactNode }) {
  return <OutboxContext value={outbox}>{children}</OutboxContext>;
}

export function useOutbox(): Outbox {
  return use(OutboxContext) ?? getAppOutbox();
}

/** The queue as it is now, kept current, for screens that show what is still waiting. */
export function useOutboxEntries(): OutboxEntry[] {
  const outbox = useOutbox();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => outbox.subscribe(setEntries), [outbox]);
  return entries;
}

/** Entries whose action matches, newest last. */
export function usePendingActions<K extends OutboxAction['kind']>(
  kind: K,
  match: (action: Extract<OutboxAction, { kind: K }>) => boolean = () => true,
): Array<OutboxEntry & { action: Extract<OutboxAction, { kind: K }> }> {
  return useOutboxEntries().filter(
    (e): e is OutboxEntry & { action: Extract<OutboxAction, { kind: K }> } =>
      e.action.kind === kind && match(e.action as Extract<OutboxAction, { kind: K }>),
  );
}
