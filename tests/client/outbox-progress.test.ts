import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { entryLabel } from '../../src/client/features/offline/outbox-list.tsx';
import { planEnqueue, queueAfter } from '../../src/shared/outbox/enqueue.ts';
import { actionKinds } from '../../src/shared/outbox/kinds.ts';
import type { ActionOf, OutboxEntry } from '../../src/shared/outbox/model.ts';

/** The outbox's `progress` kind: where a student stopped in a video, for the server. */
const place = (
  position: number,
  second: number,
  extra: Partial<ActionOf<'progress'>> = {},
): ActionOf<'progress'> => ({
  kind: 'progress',
  videoId: 'vid-1',
  position,
  completed: false,
  at: new Date(Date.UTC(2026, 0, 5, 10, 0, second)).toISOString(),
  about: 'Fractions',
  ...extra,
});

describe('saving where a student stopped, through the outbox', () => {
  const opened: Array<{ outbox: Outbox; db: OutboxDatabase }> = [];
  afterEach(async () => {
    for (const { outbox, db } of opened.splice(0)) {
      await outbox.dispose();
      db.close();
    }
  });

  it('leaves one waiting entry, with the latest place, after many saves', async () => {
    const db = new OutboxDatabase(`progress-${randomUUID()}`);
    // "Only on Wi-Fi" on mobile data: nothing is sent, everything waits as it is.
    const outbox = new Outbox({ db, refresh: async () => false, holdBack: () => true });
    opened.push({ outbox, db });
    outbox.setOwner('me');
    for (let s = 1; s <= 40; s++) await outbox.enqueue(place(s * 5, s));
    // One saved late with an older time (another tab, a clock set back) does not go back.
    await outbox.enqueue(place(3, 0));
    await outbox.enqueue(place(33, 20, { videoId: 'vid-2' }));
    const left = await db.entries.toArray();
    expect(left).toHaveLength(2);
    const first = left.find((e) => e.action.kind === 'progress' && e.action.videoId === 'vid-1')!;
    expect(first.action).toEqual(place(200, 40));
    expect(first.lane).toBe('me|progress:vid-1');
    expect(entryLabel(first).what).toBe('Save where you stopped in “Fractions”');
  });

  it('keeps a finished video finished when a later place replaces it, and never sends a replaced key', () => {
    let queue: OutboxEntry[] = [];
    let n = 0;
    for (const action of [place(590, 1, { completed: true }), place(10, 2), place(5, 0)]) {
      const plan = planEnqueue(queue, action, { id: () => `id-${++n}`, now: 0, seq: n });
      queue = queueAfter(queue, plan);
    }
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ id: 'id-3', action: { position: 10, completed: true } });
  });

  it('sends PUT /progress/{videoId} with the place, and a deleted video is done', () => {
    const kind = actionKinds.progress;
    expect(kind.request(place(42, 1), (r) => r)).toEqual({
      method: 'PUT',
      path: '/progress/vid-1',
      body: { position: 42, completed: false, at: place(42, 1).at },
    });
    expect(kind.goneIsDone).toBe(true);
    expect(kind.label(place(1, 1, { about: undefined }))).toEqual({ what: 'progress' });
    const answer = { videoId: 'vid-1', position: 42, completed: false, at: place(42, 1).at };
    expect(kind.changes(place(42, 1), answer, (r) => r)).toEqual([{ noun: 'progress', progress: answer }]);
  });
});
