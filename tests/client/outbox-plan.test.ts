import { describe, expect, it } from 'vitest';
import { planEnqueue, queueAfter } from '../../src/shared/outbox/enqueue.ts';
import { localRef, type OutboxAction, type OutboxEntry } from '../../src/shared/outbox/model.ts';

/** Applies enqueue plans to an in-memory queue, as the outbox does to its snapshot. */
function queueOf(actions: OutboxAction[], tweak?: (q: OutboxEntry[]) => void): OutboxEntry[] {
  let queue: OutboxEntry[] = [];
  let n = 0;
  for (const action of actions) {
    tweak?.(queue);
    const plan = planEnqueue(queue, action, { id: () => `id-${++n}`, now: 1000, seq: queue.length + n });
    queue = queueAfter(queue, plan);
  }
  return queue;
}

const like = (targetId: string, liked: boolean): OutboxAction => ({
  kind: 'like',
  target: 'v',
  targetId,
  liked,
});

describe('enqueueing', () => {
  it('leaves one entry with the final state after many taps on one like', () => {
    const queue = queueOf([
      like('v1', true),
      like('v1', false),
      like('v1', true),
      like('v1', false),
      like('v1', true),
    ]);
    expect(queue).toHaveLength(1);
    expect(queue[0]?.action).toEqual(like('v1', true));
    // Each change of body gets a new key, so a key never names two different requests.
    expect(queue[0]?.id).toBe('id-5');
  });

  it('keeps likes of different targets apart, in order', () => {
    const queue = queueOf([like('v1', true), like('v2', true), like('v1', false)]);
    expect(queue.map((e) => [e.lane, (e.action as { liked: boolean }).liked])).toEqual([
      ['|like:v:v1', false],
      ['|like:v:v2', true],
    ]);
  });

  it('does not change an entry that is being sent: the new state queues behind it', () => {
    const queue = queueOf([like('v1', true), like('v1', false)], (q) => {
      if (q[0]) q[0].state = 'sending';
    });
    expect(queue.map((e) => (e.action as { liked: boolean }).liked)).toEqual([true, false]);
  });

  it('folds edits into a tweet created offline, and a delete cancels it entirely', () => {
    const edited = queueOf([
      { kind: 'tweet.create', content: 'draft' },
      { kind: 'tweet.update', tweet: localRef('id-1'), content: 'final words' },
    ]);
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({ id: 'id-1', action: { kind: 'tweet.create', content: 'final words' } });

    const cancelled = queueOf([
      { kind: 'tweet.create', content: 'oops' },
      { kind: 'tweet.update', tweet: localRef('id-1'), content: 'oops!' },
      { kind: 'tweet.delete', tweet: localRef('id-1') },
    ]);
    expect(cancelled).toEqual([]);
  });

  it('queues an edit behind a creation that may already have reached the server', () => {
    const queue = queueOf(
      [
        { kind: 'tweet.create', content: 'sent once, answer lost' },
        { kind: 'tweet.update', tweet: localRef('id-1'), content: 'edited' },
      ],
      (q) => {
        if (q[0]) q[0].attempts = 1;
      },
    );
    expect(queue.map((e) => e.action.kind)).toEqual(['tweet.create', 'tweet.update']);
    expect(queue[1]?.lane).toBe(queue[0]?.lane);
  });

  it('keeps every new comment, each in its own lane', () => {
    const queue = queueOf([
      { kind: 'comment.create', videoId: 'v1', content: 'first' },
      { kind: 'comment.create', videoId: 'v1', content: 'second' },
    ]);
    expect(queue.map((e) => (e.action as { content: string }).content)).toEqual(['first', 'second']);
    expect(new Set(queue.map((e) => e.lane)).size).toBe(2);
  });
});
