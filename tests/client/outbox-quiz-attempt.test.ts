import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { entryLabel } from '../../src/client/features/offline/outbox-list.tsx';
import type { Attempt } from '../../src/shared/contracts/quiz.ts';
import type { SendResult } from '../../src/shared/outbox/drain.ts';
import { planEnqueue, queueAfter } from '../../src/shared/outbox/enqueue.ts';
import { actionKinds } from '../../src/shared/outbox/kinds.ts';
import type { ActionOf, OutboxEntry, OutboxRequest } from '../../src/shared/outbox/model.ts';

/**
 * The outbox's `quiz-attempt` kind (docs/product-additions.md, "Practice"): each finished attempt
 * is one entry, never coalesced with another, whose attemptId is its Idempotency-Key, so that
 * whatever the network does each attempt reaches the server exactly once. The real server's side
 * of it is in outbox-model.node.test.ts.
 */
const attempt = (n: number, extra: Partial<ActionOf<'quiz-attempt'>> = {}): ActionOf<'quiz-attempt'> => ({
  kind: 'quiz-attempt',
  videoId: 'vid-1',
  attemptId: `attempt-${n}`,
  answers: [
    { questionId: 'q1', answer: 1 },
    { questionId: 'q2', answer: [0, 2] },
    { questionId: 'q3', answer: 'New Delhi' },
  ],
  startedAt: new Date(Date.UTC(2026, 0, 5, 10, n)).toISOString(),
  finishedAt: new Date(Date.UTC(2026, 0, 5, 10, n, 30)).toISOString(),
  score: 2,
  total: 3,
  about: 'Fractions',
  ...extra,
});

describe('a practice attempt, as an outbox kind', () => {
  it('sends POST /videos/{id}/quiz/attempts with the answers, never the device’s score', () => {
    const kind = actionKinds['quiz-attempt'];
    const a = attempt(1);
    expect(kind.request(a, (r) => r)).toEqual({
      method: 'POST',
      path: '/videos/vid-1/quiz/attempts',
      body: { attemptId: 'attempt-1', answers: a.answers, startedAt: a.startedAt, finishedAt: a.finishedAt },
    });
    expect(kind.key?.(a)).toBe('attempt-1');
    expect(kind.coalesce).toBe('none');
    expect(kind.goneIsDone).toBe(true);
    expect(kind.label(attempt(1, { about: undefined }))).toEqual({ what: 'quiz-attempt' });
    const scored: Attempt = {
      attemptId: 'attempt-1',
      score: 3,
      total: 3,
      correct: [true, true, true],
      questionIds: ['q1', 'q2', 'q3'],
      finishedAt: a.finishedAt,
    };
    // The server's score is what the screens are told.
    expect(kind.changes(a, scored, (r) => r)).toEqual([{ noun: 'quiz', videoId: 'vid-1', attempt: scored }]);
    expect(kind.changes(a, null, (r) => r)).toEqual([]);
  });

  it('keeps every attempt as its own entry under its attemptId, and the same attempt queued twice once', () => {
    let queue: OutboxEntry[] = [];
    let n = 0;
    for (const action of [attempt(1), attempt(2), attempt(3), attempt(2), attempt(4, { videoId: 'vid-2' })]) {
      const plan = planEnqueue(queue, action, { id: () => `made-${++n}`, now: 0, seq: n, owner: 'me' });
      queue = queueAfter(queue, plan);
    }
    expect(queue.map((e) => e.id)).toEqual(['attempt-1', 'attempt-2', 'attempt-3', 'attempt-4']);
    expect(new Set(queue.map((e) => e.lane)).size).toBe(4);
    expect(queue[0]?.lane).toBe('me|quiz-attempt:attempt-1');
  });

  const opened: Array<{ outbox: Outbox; db: OutboxDatabase }> = [];
  afterEach(async () => {
    for (const { outbox, db } of opened.splice(0)) {
      await outbox.dispose();
      db.close();
    }
  });

  it('is named on the outbox screen by its video', async () => {
    const db = new OutboxDatabase(`quiz-label-${randomUUID()}`);
    const outbox = new Outbox({ db, refresh: async () => false, holdBack: () => true });
    opened.push({ outbox, db });
    outbox.setOwner('me');
    await outbox.enqueue(attempt(1));
    const [entry] = await db.entries.toArray();
    expect(entry?.id).toBe('attempt-1');
    expect(entryLabel(entry!).what).toBe('Practice answers for “Fractions”');
  });

  type Network = 'up' | 'down' | 'lose-answers' | 'duplicate' | 'proxy-503' | 'refuse-404';
  type Step =
    | { t: 'attempt' }
    | { t: 'again'; which: number }
    | { t: 'network'; mode: Network }
    | { t: 'drain' }
    | { t: 'reload' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ t: 'attempt' as const }) },
    { weight: 1, arbitrary: fc.nat(20).map((which) => ({ t: 'again' as const, which })) },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom<Network>('up', 'down', 'lose-answers', 'duplicate', 'proxy-503')
        .map((mode) => ({ t: 'network' as const, mode })),
    },
    { weight: 2, arbitrary: fc.constant({ t: 'drain' as const }) },
    { weight: 1, arbitrary: fc.constant({ t: 'reload' as const }) },
  );

  it('delivers N attempts exactly once each through failures, retries, lost answers and repeats (80 sequences)', async () => {
    let attempts = 0;
    let lostAnswers = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        // A server that keeps an attempt by its attemptId, as the real one does, and says whether a
        // request was a first delivery; the outbox must send each attempt under its own id as key.
        const kept = new Map<string, Attempt>();
        const applied: string[] = [];
        const wrongKeys: string[] = [];
        let network: Network = 'up';
        const serve = (request: OutboxRequest, key: string): SendResult => {
          const body = request.body as { attemptId: string; answers: unknown[]; finishedAt: string };
          if (key !== body.attemptId) wrongKeys.push(`${key} != ${body.attemptId}`);
          let first = kept.get(body.attemptId);
          if (!first) {
            first = {
              attemptId: body.attemptId,
              score: 1,
              total: body.answers.length,
              correct: [true, false, false],
              questionIds: ['q1', 'q2', 'q3'],
              finishedAt: body.finishedAt,
            };
            kept.set(body.attemptId, first);
            applied.push(body.attemptId);
          }
          return { kind: 'answer', status: 201, body: { data: first } };
        };
        const transport = async (request: OutboxRequest, key: string): Promise<SendResult> => {
          if (network === 'down') return { kind: 'network-error', message: 'fetch failed' };
          if (network === 'proxy-503')
            return { kind: 'answer', status: 503, body: { message: 'Bad gateway' } };
          if (network === 'duplicate') serve(request, key);
          const answer = serve(request, key);
          if (network === 'lose-answers') {
            lostAnswers += 1;
            return { kind: 'network-error', message: 'connection reset' };
          }
          return answer;
        };
        const db = new OutboxDatabase(`quiz-model-${randomUUID()}`);
        const open = () => {
          const outbox = new Outbox({ db, transport, refresh: async () => false });
          outbox.setOwner('me');
          return outbox;
        };
        let outbox = open();
        const made: string[] = [];
        const delivered: string[] = [];
        const listen = (o: Outbox) =>
          o.onDelivered((entry) => {
            if (entry.action.kind === 'quiz-attempt') delivered.push(entry.action.attemptId);
          });
        listen(outbox);

        for (const s of steps) {
          switch (s.t) {
            case 'attempt': {
              const action = attempt(made.length, { attemptId: randomUUID() });
              made.push(action.attemptId);
              await outbox.enqueue(action);
              break;
            }
            case 'again': {
              // A double tap, or the page queueing again what it already queued.
              const id = made[s.which % Math.max(1, made.length)];
              if (id) await outbox.enqueue(attempt(0, { attemptId: id }));
              break;
            }
            case 'network':
              network = s.mode;
              break;
            case 'drain':
              await outbox.drainSoon(true);
              break;
            case 'reload':
              await outbox.dispose();
              outbox = open();
              listen(outbox);
              await outbox.recover();
              break;
          }
        }
        network = 'up';
        await outbox.idle();
        for (let i = 0; i < 10 && (await db.entries.count()) > 0; i++) {
          await outbox.drainSoon(true);
          await outbox.idle();
        }
        const left = await db.entries.toArray();
        await outbox.dispose();
        db.close();

        attempts += made.length;
        expect(left, 'nothing may stay queued or fail').toEqual([]);
        expect(wrongKeys, 'each request goes under its attemptId').toEqual([]);
        // 0 lost, 0 duplicated: the server took every attempt made, each once.
        expect([...applied].sort()).toEqual([...made].sort());
        expect(new Set(applied).size).toBe(applied.length);
        // And the page heard of each, with the server's answer.
        expect([...new Set(delivered)].sort()).toEqual([...made].sort());
      }),
      { numRuns: 80 },
    );
    // The sequences did make attempts, and the network did lose answers after the server acted.
    expect(attempts).toBeGreaterThan(100);
    expect(lostAnswers).toBeGreaterThan(0);
  }, 60_000);
});
