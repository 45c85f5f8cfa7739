import { liveQuery } from 'dexie';
import { drain, type DrainReport, type OutboxStore, type SendResult } from '../../shared/outbox/drain.ts';
import { planEnqueue, queueAfter } from '../../shared/outbox/enqueue.ts';
import type { OutboxAction, OutboxEntry, OutboxRequest } from '../../shared/outbox/model.ts';
import { fetchTransport } from '../../shared/outbox/transport.ts';
import { OUTBOX_LOCK } from '../../shared/offline.ts';
import { dexieStore, type OutboxDatabase } from './outbox-store.ts';

export interface OutboxOptions {
  db: OutboxDatabase;
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
}

type DeliveredListener = (entry: OutboxEntry, data: unknown) => void;

/**
 * The client's outbox: enqueue a write, see it at once as pending, and let the drain deliver it
 * when it can. One drain runs at a time in this tab, and across tabs through a Web Lock where the
 * browser has them.
 */
export class Outbox {
  private readonly store;
  private readonly send;
  private running: Promise<DrainReport> | undefined;
  private again: { force: boolean } | undefined;
  private disposed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<DeliveredListener>();
  /** The open views of the queue: each can read IndexedDB again, or be shown a queue at once. */
  private readonly views = new Set<{ reread: () => void; show: (entries: OutboxEntry[]) => void }>();
  private readonly now: () => number;
  private owner: string | undefined;
  private last: OutboxEntry[] | undefined;
  /** Ids of entries delivered in this page's life: a read that raced the removal never shows them. */
  private readonly sent = new Set<string>();

  constructor(private readonly options: OutboxOptions) {
    this.store = this.tracked(dexieStore(options.db));
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
    const { db } = this.options;
    const written = await db.transaction('rw', db.entries, async () => {
      const queue = await db.entries.orderBy('seq').toArray();
      const seq = (queue[queue.length - 1]?.seq ?? 0) + 1;
      const plan = planEnqueue(queue, action, {
        // A caller that already tried the request itself passes the key it used, so the
        // queued copy is a replay of that attempt, never a second message.
        id: () => options.id ?? crypto.randomUUID(),
        now: this.now(),
        seq,
        ...(this.owner !== undefined ? { owner: this.owner } : {}),
      });
      await db.entries.bulkDelete(plan.remove);
      await db.entries.bulkPut(plan.put);
      return { id: plan.entryId, queue: queueAfter(queue, plan) };
    });
    // The snapshot follows at once: a screen opened right after (the delete button goes to
    // All tweets) must start from a queue that has this entry, not from one read before it.
    this.setSnapshot(written.queue);
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
  drainSoon(force = false): Promise<DrainReport> {
    if (this.disposed) return Promise.resolve({ delivered: 0, failed: 0 });
    if (this.running) {
      this.again = { force: force || (this.again?.force ?? false) };
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
          onDelivered: (entry, data) => this.delivered(entry, data),
        },
        { force },
      ),
    );
    this.running = run
      .then((report) => {
        this.schedule(report);
        return report;
      })
      .finally(() => {
        this.running = undefined;
        const again = this.again;
        this.again = undefined;
        if (again) void this.drainSoon(again.force);
      });
    return this.running;
  }

  /** Resolves once no drain is running or queued to run. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Stops timers and further drains (a test's end, or the app's unload). */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.idle();
  }

  /** Entries left "sending" by a closed tab or a crash go back to waiting; their keys protect them. */
  async recover(): Promise<void> {
    await this.options.db.entries.where('state').equals('sending').modify({ state: 'pending' });
    this.last = this.last?.map((e) => (e.state === 'sending' ? { ...e, state: 'pending' } : e));
  }

  async retry(id: string): Promise<void> {
    const changes = { state: 'pending', notBefore: 0, error: undefined } as const;
    await this.options.db.entries.update(id, changes);
    const entry = this.last?.find((e) => e.id === id);
    if (entry) this.patch({ ...entry, ...changes });
    void this.drainSoon(true);
  }

  async discard(id: string): Promise<void> {
    await this.store.remove(id);
    void this.drainSoon();
  }

  /** The server id a tweet created on this device got once sent (its `local:` reference). */
  async serverIdOf(ref: string): Promise<string | undefined> {
    return (await this.options.db.ids.get(ref))?.serverId;
  }

  /**
   * An entry reached the server (from this page's drain, or the worker's): it leaves every open
   * view and the snapshot at once, in the same task as the listeners hear of it (so a screen
   * never shows the waiting entry and the server's copy together), before IndexedDB is read again.
   */
  delivered(entry: OutboxEntry, data: unknown): void {
    this.sent.add(entry.id);
    this.last = this.last?.filter((e) => e.id !== entry.id);
    const now = this.last;
    if (now) for (const view of this.views) view.show(now);
    this.listeners.forEach((l) => l(entry, data));
  }

  onDelivered(listener: DeliveredListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A live view of the queue, in order, for screens that show pending items. */
  subscribe(listener: (entries: OutboxEntry[]) => void): () => void {
    const read = () => this.options.db.entries.orderBy('seq').toArray();
    const next = (entries: OutboxEntry[]) => listener(this.setSnapshot(entries));
    const subscription = liveQuery(read).subscribe({ next, error: () => undefined });
    const view = { reread: () => void read().then(next, () => undefined), show: listener };
    this.views.add(view);
    return () => {
      subscription.unsubscribe();
      this.views.delete(view);
    };
  }

  /**
   * The queue as last read by any view, or undefined before the first read: a screen opened
   * later starts from it instead of from nothing while IndexedDB answers.
   */
  snapshot(): OutboxEntry[] | undefined {
    return this.last;
  }

  /**
   * The queue was changed from outside this page's Dexie (the service worker drains it with
   * plain IndexedDB, which Dexie's live queries do not see): views read it again.
   */
  changedElsewhere(): void {
    // With no view to read it again, a snapshot this page did not write is no longer trusted.
    if (this.views.size === 0) this.last = undefined;
    for (const view of this.views) view.reread();
  }

  /** Drains at start, when the connection returns and when the tab becomes visible again. */
  start(): () => void {
    const onOnline = () => void this.drainSoon(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.drainSoon();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    void this.recover().then(() => this.drainSoon());
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      if (this.timer) clearTimeout(this.timer);
    };
  }

  private schedule(report: DrainReport): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.disposed) return;
    if (report.stoppedBy === 'offline' || report.stoppedBy === 'server-busy') this.options.onWaiting?.();
    if (report.retryAt === undefined || report.stoppedBy === 'signed-out') return;
    this.timer = setTimeout(() => void this.drainSoon(), Math.max(0, report.retryAt - this.now()));
  }

  /**
   * The drain's store, with every write it makes also applied to the snapshot: a screen opened
   * while no view was reading the queue (or before a view's read came back) starts from the
   * queue as this page last wrote it, not as it was read before.
   */
  private tracked(store: OutboxStore): OutboxStore {
    return {
      ...store,
      claim: async (id) => {
        const claimed = await store.claim(id);
        if (claimed) this.patch(claimed);
        return claimed;
      },
      put: async (entry) => {
        await store.put(entry);
        this.patch(entry);
      },
      remove: async (id) => {
        await store.remove(id);
        this.last = this.last?.filter((e) => e.id !== id);
      },
    };
  }

  /** Makes `entries` (as read or written) the snapshot, without what was delivered meanwhile. */
  private setSnapshot(entries: OutboxEntry[]): OutboxEntry[] {
    this.last = entries.filter((e) => !this.sent.has(e.id));
    return this.last;
  }

  private patch(entry: OutboxEntry): void {
    if (!this.last || this.sent.has(entry.id)) return;
    this.last = [...this.last.filter((e) => e.id !== entry.id), entry].sort((a, b) => a.seq - b.seq);
  }

  private withLock<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request(OUTBOX_LOCK, work) as Promise<T>) : work();
  }
}
