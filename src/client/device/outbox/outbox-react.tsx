import { createContext, use, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { OUTBOX_SYNC_TAG, SW_MESSAGES, type OutboxChangedMessage } from '../../../shared/offline.ts';
import { fetchTransport } from '../../../shared/outbox/drain.ts';
import { kindOf, type CacheChange } from '../../../shared/outbox/kinds.ts';
import type { ActionKind, ActionOf, OutboxEntry } from '../../../shared/outbox/model.ts';
import { rereadAll } from '../../api/cache-keys.ts';
import { subscriptionDelivered } from '../../api/channels.ts';
import { commentDelivered } from '../../api/comments.ts';
import { likeDelivered } from '../../api/likes.ts';
import { enrolmentDelivered } from '../../api/courses.ts';
import { progressDelivered } from '../../api/progress.ts';
import { quizDelivered } from '../../api/quiz.ts';
import { tweetDelivered } from '../../api/tweets.ts';
import { api as appApi, type ApiClient } from '../../lib/api-client.ts';
import { Outbox } from './outbox.ts';
import { useApi, useSession } from '../../lib/session.tsx';
import { holdingBackNow, settings$, watchConnection } from '../../lib/settings.ts';
import { outboxDb } from '../../../shared/device-db/outbox.ts';

/**
 * Sends outbox requests with the app's API client's credentials (and, in tests, its server and
 * tokens). A 401 comes back as it is: the drain renews the session once, through the client's
 * shared refresh, and tries again.
 */
export function apiTransport(api: ApiClient) {
  return fetchTransport({ fetch: api.send });
}

/**
 * The outbox's database code (Dexie) starts downloading as soon as this module runs, beside the
 * screen's first render rather than in front of it: a tap made offline a moment later still
 * finds it on the device.
 */
const openDatabase = import('./outbox-db.ts');
openDatabase.catch(() => undefined);

const outboxes = new WeakMap<ApiClient, Outbox>();
let others = 0;

/**
 * The outbox of an API client, made on first use (so IndexedDB code loads only with the screens
 * that write) and started at once: it drains what an earlier visit left, and again on `online`
 * and when the tab comes back. The app's client keeps its queue in the outbox database (shared/device-db/outbox.ts).
 */
export function outboxFor(api: ApiClient): Outbox {
  let outbox = outboxes.get(api);
  if (!outbox) {
    // The server renders some screens from their first reads (app/render-screen.tsx), where there
    // is no device: a screen that would queue writes is left to the app, which renders it in the
    // browser. Started there, the outbox would open IndexedDB, which Node does not have, and its
    // rejection would end the server.
    if (typeof window === 'undefined')
      throw new Error('The outbox is on the device: not rendered on the server');
    const isApp = api === appApi;
    const name = isApp ? outboxDb.name : `${outboxDb.name}-${++others}`;
    outbox = new Outbox({
      // Dexie loads when the queue is first read or written, after the screen has rendered.
      db: async () => new (await openDatabase.catch(() => import('./outbox-db.ts'))).OutboxDatabase(name),
      transport: apiTransport(api),
      // No verdict (offline) counts as "not now": entries wait for the next trigger.
      refresh: () => api.refreshSession().catch(() => false),
      ...(isApp ? { onQueued: keepStorage, onWaiting: askForBackgroundSync, holdBack: holdingBackNow } : {}),
    });
    outbox.onDelivered(cacheDelivery);
    outbox.start();
    if (isApp) {
      listenToWorker(outbox);
      // Onto Wi-Fi (or "Only on Wi-Fi" turned off): what was held back goes.
      const drainAgain = () => void outbox?.drainSoon(true);
      watchConnection(drainAgain);
      settings$.subscribe(drainAgain);
    }
    outboxes.set(api, outbox);
  }
  return outbox;
}

let storageAsked = false;

/**
 * Something waits on this device now: ask the browser not to evict its storage under pressure
 * (a cheap phone's full disk would otherwise take the queue with it). Asked once per visit;
 * Chromium answers without a prompt, from how the site is used (installed, bookmarked).
 */
function keepStorage(): void {
  if (storageAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  storageAsked = true;
  void navigator.storage
    .persisted()
    .then((already) => (already ? true : navigator.storage.persist()))
    .catch(() => false);
}

/**
 * Entries wait for the connection: the service worker is asked to drain them when it returns
 * (Background Sync), which works with the tab closed. Browsers without it drain at the next
 * visit, when the tab comes back, or on `online`.
 */
function askForBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
      ).sync?.register(OUTBOX_SYNC_TAG),
    )
    .catch(() => undefined);
}

/** The worker delivered entries while this page was open: they leave the screens as after this page's drain. */
function listenToWorker(outbox: Outbox): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
    if (event.data?.type !== SW_MESSAGES.outboxChanged) return;
    // A worker of an earlier version does not say what it delivered: every read is made again.
    const { delivered } = event.data as OutboxChangedMessage;
    if (delivered) for (const { entry, data, changes } of delivered) outbox.delivered(entry, data, changes);
    else rereadAll();
    outbox.changedElsewhere();
  });
}

/** Writes one change a delivered action made into the cache, through its noun's api file. */
function apply(change: CacheChange): void {
  switch (change.noun) {
    case 'like':
      return likeDelivered(change);
    case 'subscription':
      return subscriptionDelivered(change);
    case 'enrolment':
      return enrolmentDelivered(change);
    case 'comment':
      return commentDelivered(change);
    case 'tweet':
      return tweetDelivered(change);
    case 'progress':
      return progressDelivered(change);
    case 'quiz':
      return quizDelivered(change);
  }
}

/**
 * An outbox entry reached the server: what it changed is written into SWR's cache from the
 * server's answer, before the entry leaves the queue, so that no screen shows both the waiting
 * entry and the server's copy, or neither. `changes` come from the drain (its descriptor, with
 * offline references resolved); a worker of an earlier version sends none, and they are derived.
 */
export function cacheDelivery(entry: OutboxEntry, data: unknown, changes?: CacheChange[]): void {
  const list = changes ?? kindOf(entry.action).changes(entry.action, data, (ref) => ref);
  list.forEach(apply);
}

const OutboxContext = createContext<Outbox | null>(null);

/** Lets tests give screens an outbox of their own (another database, a real test server). */
export function OutboxProvider({ outbox, children }: { outbox: Outbox; children: ReactNode }) {
  return <OutboxContext value={outbox}>{children}</OutboxContext>;
}

export function useOutbox(): Outbox {
  const api = useApi();
  const outbox = use(OutboxContext) ?? outboxFor(api);
  const { state } = useSession();
  const settled = state.status !== 'loading';
  const owner = state.user?._id;
  // Entries belong to who made them: a shared phone never sends one student's under another.
  // While the session is still being asked for, the owner is left as it is: set to nobody, the
  // screens would say "nothing is waiting" for a moment, then show the queue.
  useEffect(() => {
    if (settled) outbox.setOwner(owner);
  }, [outbox, settled, owner]);
  return outbox;
}

/**
 * The signed-in user's queue as it is now, kept current; undefined until IndexedDB has answered
 * once, so that a screen can tell "nothing waiting" from "not read yet" (the update screen of a
 * tweet made offline must). Every screen shares the outbox's one live query.
 */
export function useOutboxQueue(): OutboxEntry[] | undefined {
  const outbox = useOutbox();
  const { state } = useSession();
  const me = state.user;
  const all = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);
  const owner = me?._id;
  // Filtered by the user this render knows, not by the outbox's owner, which follows it a step
  // later (an effect): a screen never shows the queue of nobody in between.
  const mine = useMemo(() => all?.filter((e) => e.owner === undefined || e.owner === owner), [all, owner]);
  // Not known until the session is: whose entries these are decides what is shown.
  return state.status === 'loading' ? undefined : mine;
}

/** The queue as it is now, kept current, for screens that show what is still waiting. */
export function useOutboxEntries(): OutboxEntry[] {
  return useOutboxQueue() ?? NOTHING;
}
const NOTHING: OutboxEntry[] = [];

/** Entries of one kind whose action matches, oldest first. */
export function usePendingActions<K extends ActionKind>(
  kind: K,
  match: (action: ActionOf<K>) => boolean = () => true,
): Array<OutboxEntry & { action: ActionOf<K> }> {
  return useOutboxEntries().filter(
    (e): e is OutboxEntry & { action: ActionOf<K> } =>
      e.action.kind === kind && match(e.action as ActionOf<K>),
  );
}

/**
 * A switch whose taps go through the outbox (a like, a subscription): `on` is the state to show,
 * the latest waiting tap's unless it was refused, else the server's; `toggle` queues the other
 * state in the contract's set form; `latest` is the waiting entry, for its Pending mark.
 */
export function useQueuedToggle<K extends 'like' | 'subscribe'>(options: {
  kind: K;
  match: (action: ActionOf<K>) => boolean;
  server: boolean;
  stateOf: (action: ActionOf<K>) => boolean;
  action: (on: boolean) => ActionOf<K>;
}) {
  const outbox = useOutbox();
  const waiting = usePendingActions(options.kind, options.match);
  const latest = waiting[waiting.length - 1];
  const on = latest && latest.state !== 'failed' ? options.stateOf(latest.action) : options.server;
  return { on, latest, toggle: () => void outbox.enqueue(options.action(!on)) };
}
