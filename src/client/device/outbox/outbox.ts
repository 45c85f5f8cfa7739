import {
  drain,
  fetchTransport,
  type DrainDeps,
  type DrainReport,
  type OutboxStore,
  type SendResult,
} from '../../../shared/outbox/drain.ts';
import { planEnqueue, queueAfter } from '../../../shared/outbox/enqueue.ts';
import type { CacheChange } from '../../../shared/outbox/kinds.ts';
import type { OutboxAction, OutboxEntry, OutboxRequest } from '../../../shared/outbox/model.ts';
import { OUTBOX_LOCK } from '../../../shared/offline.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { randomId } from '../../lib/api-client.ts';
import type { OutboxDatabase } from './outbox-db.ts';
import { createStore } from '../../lib/store.ts';
import { onResume } from '../host.ts';

export interface OutboxOptions {
  /**
   * The queue's database, or how to open it: the app passes a function that loads Dexie (30 KB)
   * on first use, so a screen shows before it; tests pass one opened already.
   */
  db: OutboxDatabase | (() => Promise<OutboxDatabase>);
  /** Empty in the app (same origin); a full origin in tests against a real server. */
  baseUrl?: string;
  /** Extra headers per request (tests sign in with a Bearer token; the app uses its cookies). */
  headers?: () => Record<string, string>;
  refresh: () => Promise<boolean>;
  /** How requests are sent; by default fetch with the options above. */
  transport?: (request: OutboxRequest, idempotencyKey: string) => Promise<SendResult>;
  fetch?: typeof fetch;
  now?: () => number;
  /** After an action was queued (the app asks for persistent storage then). */
  onQueued?: () => void;
  /**
   * A drain left entries waiting for the network or the server (the app asks the service worker
   * for a Background Sync then, so they go even if the tab is closed).
   */
  onWaiting?: () => void;
  /** "Only on Wi-Fi" holds automatic sending back now (src/shared/network-policy.ts). */
  holdBack?: () => boolean;
}

/** The drain's store over a database opened on first use. */
function lazyStore(open: () => Promise<OutboxDatabase>): OutboxStore {
  return {
    list: async () => (await open()).store().list(),
    claim: async (id) => (await open()).store().claim(id),
    put: async (entry) => (await open()).store().put(entry),
    remove: async (id) => (await open()).store().remove(id),
    resolve: async (ref) => (await open()).store().resolve(ref),
    remember: async (ref, serverId) => (await open()).store().remember(ref, serverId),
  };
}

type DeliveredListener = NonNullable<DrainDeps['onDelivered']>;

/**
 * The client's outbox: enqueue a write, see it at once as pending, and let the drain deliver it
 * when it can. One drain runs at a time in this tab, and across tabs through a Web Lock where the
 * browser has them.
 */
export class Outbox {
  private readonly store;
  private readonly send;
  private running: Promise<DrainReport> | undefined;
  private again: { force: boolean; sendNow: boolean } | undefined;
  private disposed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<DeliveredListener>();
  private readonly now: () => number;
  private owner: string | undefined;
  /**
   * The queue as IndexedDB last answered, undefined before the first answer: one live query
   * feeds it while anything watches, and every write this page makes reads it again.
   */
  private readonly queue = createStore<OutboxEntry[] | undefined>(undefined);
  /** Bumped whenever the queue is shown from elsewhere than a read: a read begun before is stale. */
  private version = 0;
  /** Reads begun, and the last one shown: a read overtaken by a later one is dropped. */
  private reads = 0;
  private lastRead = 0;
  private watchers = 0;
  private live: { unsubscribe(): void } | undefined;
  /** Ids of entries delivered lately: a read that raced their removal never shows them. */
  private readonly sent = new BoundedMap<string, true>(1000);

  private opened: Promise<OutboxDatabase> | undefined;

  constructor(private readonly options: OutboxOptions) {
    this.store = this.tracked(lazyStore(() => this.database()));
    this.send =
      options.transport ??
      fetchTransport({
        fetch: options.fetch ?? ((input, init) => fetch(input, init)),
        ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      });
    this.now = options.now ?? Date.now;
  }

  /** Queues an action (coalescing it with waiting ones) and starts a drain. Returns the entry id. */
  async enqueue(action: OutboxAction, options: { id?: string } = {}): Promise<string | undefined> {
    const db = await this.database();
    const written = await db.transaction('rw', db.entries, async () => {
      const queue = await db.list();
      const seq = (queue[queue.length - 1]?.seq ?? 0) + 1;
      const plan = planEnqueue(queue, action, {
        // A caller that already tried the request itself passes the key it used, so the
        // queued copy is a replay of that attempt, never a second message.
        id: () => options.id ?? randomId(),
        now: this.now(),
        seq,
        ...(this.owner !== undefined ? { owner: this.owner } : {}),
      });
      await db.entries.bulkDelete(plan.remove);
      await db.entries.bulkPut(plan.put);
      return { id: plan.entryId, queue: queueAfter(queue, plan) };
    });
    // The queue as this transaction left it: a screen opened right after (the delete button
    // goes to All tweets) must start from a queue that has this entry, not from one read before.
    this.show(written.queue);
    this.options.onQueued?.();
    void this.drainSoon();
    return written.id;
  }

  /**
   * Who is signed in on this device now; entries are made for, and sent only under, this user.
   * A change starts a drain (the new user's waiting entries may go now).
   */
  setOwner(owner: string | undefined): void {
    if (owner === this.owner) return;
    this.owner = owner;
    void this.drainSoon();
  }

  /** The signed-in user's entries (and any made while no one was known), in order. */
  mine(entries: OutboxEntry[]): OutboxEntry[] {
    return entries.filter((e) => e.owner === undefined || e.owner === this.owner);
  }

  /**
   * Runs a drain now, or once more after the one in progress (forced if any request was: a
   * forced drain ignores backoff, as when the connection has just come back).
   */
  drainSoon(force = false, { sendNow = false } = {}): Promise<DrainReport> {
    if (this.disposed) return Promise.resolve({ delivered: 0, failed: 0 });
    if (this.running) {
      this.again = {
        force: force || (this.again?.force ?? false),
        sendNow: sendNow || (this.again?.sendNow ?? false),
      };
      return this.running;
    }
    const run = this.withLock(() =>
      drain(
        {
          store: this.store,
          send: this.send,
          refresh: this.options.refresh,
          now: this.now,
          owner: () => this.owner,
          onDelivered: (entry, data, changes) => this.delivered(entry, data, changes),
          ...(this.options.holdBack ? { holdBack: this.options.holdBack } : {}),
        },
        { force, sendNow },
      ),
    );
    this.running = run
      .then(async (report) => {
        // The queue as the drain left it, before anyone waiting on this drain goes on.
        await this.reread();
        this.schedule(report);
        return report;
      })
      .finally(() => {
        this.running = undefined;
        const again = this.again;
        this.again = undefined;
        if (again) void this.drainSoon(again.force, { sendNow: again.sendNow });
      });
    return this.running;
  }

  /** "Send now" on /outbox: everything waiting goes at once, whatever "Send waiting actions" says. */
  sendNow(): Promise<DrainReport> {
    return this.drainSoon(true, { sendNow: true });
  }

  /** Resolves once no drain is running or queued to run. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Stops timers and further drains (a test's end, or the app's unload). */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.live?.unsubscribe();
    this.live = undefined;
    await this.idle();
  }

  /** Entries left "sending" by a closed tab or a crash go back to waiting; their keys protect them. */
  async recover(): Promise<void> {
    await (await this.database()).entries.where('state').equals('sending').modify({ state: 'pending' });
    await this.reread();
  }

  async retry(id: string): Promise<void> {
    await (await this.database()).entries.update(id, { state: 'pending', notBefore: 0, error: undefined });
    await this.reread();
    void this.drainSoon(true);
  }

  async discard(id: string): Promise<void> {
    await this.store.remove(id);
    void this.drainSoon();
  }

  /** The server id a tweet created on this device got once sent (its `local:` reference). */
  async serverIdOf(ref: string): Promise<string | undefined> {
    return this.store.resolve(ref);
  }

  /**
   * An entry reached the server (from this page's drain, or the worker's): listeners hear of it
   * (the cache takes the server's answer) and it leaves the queue in the same task, so a screen
   * never shows the waiting entry and the server's copy together, before IndexedDB is read again.
   */
  delivered(entry: OutboxEntry, data: unknown, changes?: CacheChange[]): void {
    this.sent.set(entry.id, true);
    this.listeners.forEach((l) => l(entry, data, changes ?? []));
    const now = this.queue.get();
    if (now) this.show(now);
  }

  onDelivered(listener: DeliveredListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Follows the queue (for `snapshot`): the first watcher opens the one live query of this
   * outbox, the last one closes it.
   */
  subscribe = (listener: () => void): (() => void) => {
    const stop = this.queue.subscribe(listener);
    this.watchers += 1;
    if (!this.live && !this.disposed) {
      // Opened when the database is: unsubscribing before then opens nothing.
      let stopped = false;
      let live: { unsubscribe(): void } | undefined;
      this.live = {
        unsubscribe: () => {
          stopped = true;
          live?.unsubscribe();
        },
      };
      void this.database().then((db) => {
        if (stopped) return;
        live = db.watch((entries) => this.show(entries));
      });
    }
    return () => {
      stop();
      this.watchers -= 1;
      if (this.watchers === 0) {
        this.live?.unsubscribe();
        this.live = undefined;
      }
    };
  };

  /**
   * The queue as last read, or undefined before the first read: a screen opened later starts
   * from it instead of from nothing while IndexedDB answers.
   */
  snapshot = (): OutboxEntry[] | undefined => this.queue.get();

  /**
   * The queue was changed from outside this page's Dexie (the service worker drains it with
   * plain IndexedDB, which Dexie's live queries do not see): it is read again, or, with no one
   * watching, forgotten until someone does.
   */
  changedElsewhere(): void {
    if (this.watchers === 0) this.show(undefined);
    else void this.reread();
  }

  /**
   * Drains at start (after taking back what a closed tab left half sent), when the connection
   * returns (at once, whatever the backoff said) and when the tab becomes visible again.
   */
  start(): () => void {
    const stop = onResume((reason) => {
      if (reason === 'start') void this.recover().then(() => this.drainSoon());
      else void this.drainSoon(reason === 'online');
    });
    return () => {
      stop();
      if (this.timer) clearTimeout(this.timer);
    };
  }

  private schedule(report: DrainReport): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.disposed) return;
    if (
      report.stoppedBy === 'offline' ||
      report.stoppedBy === 'server-busy' ||
      report.stoppedBy === 'wifi-only'
    )
      this.options.onWaiting?.();
    if (report.retryAt === undefined || report.stoppedBy === 'signed-out') return;
    this.timer = setTimeout(() => void this.drainSoon(), Math.max(0, report.retryAt - this.now()));
  }

  /**
   * The drain's store; each of its writes is shown at once, so screens see every step. The write
   * is applied to the queue on show rather than read back: reading the whole queue after each
   * write made a drain of 600 entries read about 360,000 of them, most of the drain's time.
   */
  private tracked(store: OutboxStore): OutboxStore {
    return {
      ...store,
      claim: async (id) => {
        const claimed = await store.claim(id);
        if (claimed) this.patch((entries) => withEntry(entries, claimed));
        return claimed;
      },
      put: async (entry) => {
        await store.put(entry);
        this.patch((entries) => withEntry(entries, entry));
      },
      remove: async (id) => {
        await store.remove(id);
        this.patch((entries) => entries.filter((e) => e.id !== id));
      },
    };
  }

  /**
   * Shows the queue with one of this page's writes applied (a read begun before it is then
   * dropped as stale); before the queue was first read, it is read instead. Not awaited by the
   * drain: it holds the Web Lock, which the service worker may be waiting for.
   */
  private patch(change: (entries: OutboxEntry[]) => OutboxEntry[]): void {
    const now = this.queue.get();
    if (now === undefined) void this.reread();
    else this.show(change(now));
  }

  /**
   * Reads the queue again. An answer is dropped when the queue was shown from elsewhere since the
   * read began (an enqueue, the live query, a delivery), or when a read begun later came first.
   */
  private async reread(): Promise<void> {
    const ticket = ++this.reads;
    const since = this.version;
    const entries = await (await this.database()).list();
    if (this.version !== since || ticket < this.lastRead) return;
    this.lastRead = ticket;
    this.queue.set(entries.filter((e) => !this.sent.has(e.id)));
  }

  /** Makes `entries` the queue on show, without what was delivered meanwhile. */
  private show(entries: OutboxEntry[] | undefined): void {
    this.version += 1;
    this.queue.set(entries?.filter((e) => !this.sent.has(e.id)));
  }

  /** The queue's database, opened once, on first use. */
  private database(): Promise<OutboxDatabase> {
    const { db } = this.options;
    // A database that could not be opened (its code did not arrive, offline) is tried again
    // at the next read or write, not given up for the life of the page.
    this.opened ??= (typeof db === 'function' ? db() : Promise.resolve(db)).catch((err: unknown) => {
      this.opened = undefined;
      throw err;
    });
    return this.opened;
  }

  private withLock<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request(OUTBOX_LOCK, work) as Promise<T>) : work();
  }
}

/** `entries` with `entry` in place of the one with its id, or added in `seq` order. */
function withEntry(entries: OutboxEntry[], entry: OutboxEntry): OutboxEntry[] {
  const at = entries.findIndex((e) => e.id === entry.id);
  if (at >= 0) return entries.map((e, i) => (i === at ? entry : e));
  return [...entries, entry].sort((a, b) => a.seq - b.seq);
}
