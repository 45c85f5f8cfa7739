import { API_PREFIX } from '../api-prefix.ts';
import { retryWaitMs } from '../retry.ts';
import { kindOf, type CacheChange } from './kinds.ts';
import { isLocalRef, localRef, type OutboxEntry, type OutboxRequest, type TweetRef } from './model.ts';

/** Where entries live (IndexedDB in the browser; memory in tests). */
export interface OutboxStore {
  /** Every entry, in `seq` order. */
  list(): Promise<OutboxEntry[]>;
  /**
   * Atomically marks the entry as being sent, if it is still there unchanged and not failed;
   * returns it, else undefined (it was coalesced away or discarded since the drain began).
   */
  claim(id: string): Promise<OutboxEntry | undefined>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
  /** The server id a tweet created offline got, by its `local:` reference. */
  resolve(ref: TweetRef): Promise<string | undefined>;
  remember(ref: TweetRef, serverId: string): Promise<void>;
}

export type SendResult =
  | { kind: 'answer'; status: number; body: unknown; retryAfterSeconds?: number }
  | { kind: 'network-error'; message: string };

export interface DrainDeps {
  store: OutboxStore;
  send(request: OutboxRequest, idempotencyKey: string): Promise<SendResult>;
  /** Renews the session after a 401; true when the request may be tried again. */
  refresh(): Promise<boolean>;
  now(): number;
  /**
   * Who is signed in now (undefined while unknown). Entries made by another user, or by anyone
   * while this is unknown, wait: the server would take them as this session's user.
   */
  owner?(): string | undefined;
  /**
   * Called once each entry has reached the server, with the server's `data` and what it changes
   * in the screens' data (its descriptor's `changes`), just before the entry is removed.
   */
  onDelivered?(entry: OutboxEntry, data: unknown, changes: CacheChange[]): void;
  /**
   * Whether the student's "Only on Wi-Fi" holds automatic sending back now (network-policy.ts's
   * `holdsBack`, asked by the page and by the worker). Nothing is sent then unless `sendNow`;
   * nothing is dropped either: the entries wait as they are.
   */
  holdBack?(): boolean;
}

export interface DrainReport {
  delivered: number;
  failed: number;
  /** Why the drain stopped before the end of the queue, if it did. */
  stoppedBy?: 'offline' | 'server-busy' | 'signed-out' | 'wifi-only';
  /** When the next attempt is due (epoch ms), if something waits for a retry. */
  retryAt?: number;
}

/** The outbox's place on the device's one retry schedule (shared/retry.ts): from a second. */
export const backoffMs = (attempts: number, random: () => number = Math.random): number =>
  retryWaitMs(attempts, 1000, random);

/** The server's reason in words a student can act on: the per-field messages when there are some. */
function messageOf(body: unknown, status: number): string {
  const envelope = body as { message?: unknown; errors?: Array<{ message?: unknown }> } | null;
  const details = (envelope?.errors ?? [])
    .map((e) => e.message)
    .filter((m): m is string => typeof m === 'string');
  if (details.length > 0) return details.join('; ');
  const message = envelope?.message;
  return typeof message === 'string' && message ? message : `The server refused this (${status}).`;
}

/**
 * Sends the queue, oldest first. Each entry's outcome follows the contract:
 * - 2xx: delivered and removed (a delete answered 404 is already done: removed too);
 * - 401: the session is renewed once and the entry retried; if that fails, the drain stops and
 *   everything waits for the next sign-in;
 * - no answer, 5xx, 429 and 409 (the same key still running): kept, retried later with backoff,
 *   and the drain stops (the server or the network is not ready for the rest either);
 * - any other 4xx: marked failed with the server's reason, for the user to retry or discard.
 * An entry waits while an earlier entry of its lane is failed, so a lane never goes out of order.
 * While `holdBack` says so (and not `sendNow`), nothing is sent and the drain stops at once.
 */
export async function drain(
  deps: DrainDeps,
  { force = false, sendNow = false }: { force?: boolean; sendNow?: boolean } = {},
): Promise<DrainReport> {
  const { store } = deps;
  const report: DrainReport = { delivered: 0, failed: 0 };
  const blockedLanes = new Set<string>();
  const entries = await store.list();
  // "Only on Wi-Fi" on mobile data: everything waits, untouched, for Wi-Fi or "Send now".
  if (!sendNow && entries.some((e) => e.state !== 'failed') && deps.holdBack?.()) {
    report.stoppedBy = 'wifi-only';
    return report;
  }

  const current = deps.owner?.();
  for (const seen of entries) {
    if (deps.owner && seen.owner !== undefined && seen.owner !== current) continue;
    if (seen.state === 'failed') {
      blockedLanes.add(seen.lane);
      continue;
    }
    if (blockedLanes.has(seen.lane)) continue;
    if (!force && seen.notBefore > deps.now()) {
      report.retryAt = Math.min(report.retryAt ?? Infinity, seen.notBefore);
      blockedLanes.add(seen.lane);
      continue;
    }

    // The list above is a snapshot: an enqueue may since have folded a new body into this entry
    // (an edit of an unsent tweet). What is sent is the entry as claimed, never the snapshot.
    const entry = await store.claim(seen.id);
    if (!entry) continue;
    const kind = kindOf(entry.action);
    const resolved = new Map<string, string | undefined>();
    for (const ref of kind.refs?.(entry.action) ?? []) {
      resolved.set(ref, isLocalRef(ref) ? await store.resolve(ref) : ref);
    }
    const resolve = (ref: string) => resolved.get(ref);
    const request = kind.request(entry.action, resolve);
    if (!request) {
      // The tweet it edits was created offline and has not been delivered: wait behind it.
      await store.put({ ...entry, state: 'pending' });
      blockedLanes.add(entry.lane);
      continue;
    }

    let result = await deps.send(request, entry.id);
    if (result.kind === 'answer' && result.status === 401) {
      if (await deps.refresh()) result = await deps.send(request, entry.id);
      if (result.kind === 'answer' && result.status === 401) {
        await store.put({ ...entry, state: 'pending' });
        report.stoppedBy = 'signed-out';
        return report;
      }
    }

    if (
      result.kind === 'answer' &&
      (isSuccess(result.status) || (result.status === 404 && kind.goneIsDone))
    ) {
      const data = (result.body as { data?: unknown } | null)?.data;
      if (kind.makesRef) {
        const serverId = (data as { _id?: unknown } | null)?._id;
        if (typeof serverId === 'string') await store.remember(localRef(entry.id), serverId);
      }
      report.delivered += 1;
      // Listeners hear of it before the entry leaves the queue: a screen reading the queue
      // must never see it gone before it knows what the server now holds (a deleted tweet
      // would show again for a moment from a list read just before the delete).
      deps.onDelivered?.(entry, data, kind.changes(entry.action, data, resolve));
      await store.remove(entry.id);
      continue;
    }

    if (result.kind === 'network-error' || isTransient(result.status)) {
      const attempts = entry.attempts + 1;
      const wait =
        result.kind === 'answer' && result.retryAfterSeconds !== undefined
          ? Math.max(result.retryAfterSeconds * 1000, backoffMs(attempts))
          : backoffMs(attempts);
      const notBefore = deps.now() + wait;
      await store.put({ ...entry, state: 'pending', attempts, notBefore });
      report.stoppedBy = result.kind === 'network-error' ? 'offline' : 'server-busy';
      report.retryAt = notBefore;
      return report;
    }

    await store.put({
      ...entry,
      state: 'failed',
      attempts: entry.attempts + 1,
      error: messageOf(result.body, result.status),
    });
    blockedLanes.add(entry.lane);
    report.failed += 1;
  }
  return report;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
/**
 * An answer that says "not now" rather than "no": the server is failing or busy (5xx, 429), the
 * same key is still being worked on (409), or the request timed out (408). Worth trying again.
 */
export const isTransient = (status: number) =>
  status >= 500 || status === 429 || status === 409 || status === 408;

/** The part of `fetch` the transport uses; the page and the service worker pass their own. */
export type FetchLike = (
  url: string,
  init: { method: string; credentials: 'same-origin'; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;

export interface FetchTransportOptions {
  fetch: FetchLike;
  /** Empty in the app (same origin); a full origin in tests against a real server. */
  baseUrl?: string;
  /** Extra headers per request (tests sign in with a Bearer token; the app uses its cookies). */
  headers?: () => Record<string, string>;
}

/** Sends a request the way the drain needs: the Idempotency-Key, JSON, and no throw. */
export function fetchTransport(options: FetchTransportOptions) {
  return async (request: OutboxRequest, idempotencyKey: string): Promise<SendResult> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Idempotency-Key': idempotencyKey,
      ...options.headers?.(),
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await options.fetch(`${options.baseUrl ?? ''}${API_PREFIX}${request.path}`, {
        method: request.method,
        credentials: 'same-origin',
        headers,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      });
      const body: unknown = await response.json().catch(() => null);
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        kind: 'answer',
        status: response.status,
        body,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      };
    } catch (err) {
      return { kind: 'network-error', message: err instanceof Error ? err.message : String(err) };
    }
  };
}
