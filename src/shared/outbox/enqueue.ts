import { kindOf } from './kinds.ts';
import type { OutboxAction, OutboxEntry } from './model.ts';

/** What the store must do, in one transaction, to enqueue an action. */
export interface EnqueuePlan {
  put: OutboxEntry[];
  remove: string[];
  /** The entry that now carries the action (new or coalesced), for the caller to show as pending. */
  entryId: string | undefined;
}

/**
 * Decides how a new action joins the queue. Many taps on one like or subscription leave one entry
 * with the final state (many saves of a place in a video, the latest place); editing or deleting a tweet that was created offline and never sent
 * folds into (or cancels) its creation. An entry that was ever attempted is never changed in
 * place: its first send may have reached the server under its key, so a new body needs a new key.
 */
export function planEnqueue(
  queue: readonly OutboxEntry[],
  action: OutboxAction,
  make: { id: () => string; now: number; seq: number; owner?: string },
): EnqueuePlan {
  // An action that names its own key (a quiz attempt) and is queued already, as after a double
  // tap, is the entry that waits: a second entry under one key would be one request sent twice.
  const own = kindOf(action).key?.(action);
  const queued = own === undefined ? undefined : queue.find((e) => e.id === own);
  if (queued) return { put: [], remove: [], entryId: queued.id };
  // Lanes are per user: one student's taps never coalesce with another's on a shared device.
  const laneFor = (a: OutboxAction, id: string) => `${make.owner ?? ''}|${kindOf(a).lane(a, id)}`;
  queue = queue.filter((e) => e.owner === make.owner);
  const fresh = (a: OutboxAction, id = kindOf(a).key?.(a) ?? make.id()): OutboxEntry => ({
    id,
    seq: make.seq,
    lane: laneFor(a, id),
    action: a,
    state: 'pending',
    attempts: 0,
    notBefore: 0,
    createdAt: make.now,
    ...(make.owner !== undefined ? { owner: make.owner } : {}),
  });
  const untouched = (e: OutboxEntry) => e.state === 'pending' && e.attempts === 0;
  const { coalesce } = kindOf(action);

  if (coalesce === 'final-state') {
    const lane = laneFor(action, '');
    const inLane = queue.filter((e) => e.lane === lane);
    const last = inLane[inLane.length - 1];
    if (last && last.state !== 'sending') {
      // Replace the waiting (or refused) entry by one with the final state, under a new key.
      const merged = kindOf(action).merge?.(last.action, action) ?? action;
      const replacement = { ...fresh(merged), seq: last.seq };
      return { put: [replacement], remove: [last.id], entryId: replacement.id };
    }
    const entry = fresh(action);
    return { put: [entry], remove: [], entryId: entry.id };
  }

  if (coalesce === 'into-creation' || coalesce === 'cancels-creation') {
    // Something made offline (a tweet) shares its lane with every later change of it.
    const inLane = queue.filter((e) => e.lane === laneFor(action, ''));
    const creation = inLane.find((e) => kindOf(e.action).makesRef);
    const laterEdits = inLane.filter((e) => kindOf(e.action).coalesce === 'into-creation');
    if (creation && untouched(creation) && laterEdits.every(untouched)) {
      if (coalesce === 'cancels-creation') {
        // Created and deleted without ever reaching the server: nothing to send at all.
        return { put: [], remove: [creation.id, ...laterEdits.map((e) => e.id)], entryId: undefined };
      }
      const folded: OutboxEntry = { ...creation, action: kindOf(action).fold!(creation.action, action) };
      return { put: [folded], remove: laterEdits.map((e) => e.id), entryId: folded.id };
    }
    if (coalesce === 'into-creation') {
      const waiting = laterEdits[laterEdits.length - 1];
      if (waiting && untouched(waiting)) {
        const replacement = { ...fresh(action), seq: waiting.seq };
        return { put: [replacement], remove: [waiting.id], entryId: replacement.id };
      }
    }
  }

  const entry = fresh(action);
  return { put: [entry], remove: [], entryId: entry.id };
}

/**
 * The queue once `plan` is written: what reading it again (in `seq` order) would give, without
 * reading it again. An entry in `put` replaces any entry of its id.
 */
export function queueAfter(queue: readonly OutboxEntry[], plan: EnqueuePlan): OutboxEntry[] {
  const replaced = new Set([...plan.remove, ...plan.put.map((e) => e.id)]);
  return [...queue.filter((e) => !replaced.has(e.id)), ...plan.put].sort((a, b) => a.seq - b.seq);
}
