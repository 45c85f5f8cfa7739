import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/client/device/outbox/outbox.ts';
import { OutboxDatabase } from '../../src/client/device/outbox/outbox-db.ts';
import { entryLabel } from '../../src/client/features/offline/outbox-list.tsx';
import { actionKinds } from '../../src/shared/outbox/kinds.ts';
import type { ActionOf } from '../../src/shared/outbox/model.ts';

/** The outbox's `enrol` kind: a student enrols in a course with no connection. */
const enrol = (courseId = 'course-1', about = 'Fractions'): ActionOf<'enrol'> => ({
  kind: 'enrol',
  courseId,
  about,
});

describe('enrolling through the outbox', () => {
  const opened: Array<{ outbox: Outbox; db: OutboxDatabase }> = [];
  afterEach(async () => {
    for (const { outbox, db } of opened.splice(0)) {
      await outbox.dispose();
      db.close();
    }
  });

  it('keeps one waiting entry per course however often Enrol is tapped, and names the course', async () => {
    const db = new OutboxDatabase(`enrol-${randomUUID()}`);
    // Nothing is sent: everything waits as it is, as with no connection.
    const outbox = new Outbox({ db, refresh: async () => false, holdBack: () => true });
    opened.push({ outbox, db });
    outbox.setOwner('me');
    await outbox.enqueue(enrol());
    await outbox.enqueue(enrol());
    await outbox.enqueue(enrol('course-2', 'माप और तौल'));
    const left = await db.entries.toArray();
    expect(left.map((e) => e.lane).sort()).toEqual(['me|enrol:course-1', 'me|enrol:course-2']);
    const first = left.find((e) => e.lane === 'me|enrol:course-1')!;
    expect(entryLabel(first).what).toBe('Enrol in “Fractions”');
  });

  it('sends the contract’s set form, and a course gone meanwhile is done', () => {
    const kind = actionKinds.enrol;
    expect(kind.request(enrol(), (r) => r)).toEqual({
      method: 'POST',
      path: '/courses/course-1/enrol',
      body: { enrolled: true },
    });
    expect(kind.goneIsDone).toBe(true);
    expect(kind.coalesce).toBe('final-state');
    expect(kind.label({ kind: 'enrol', courseId: 'course-1' })).toEqual({ what: 'enrol' });
    expect(kind.changes(enrol(), { enrolled: true }, (r) => r)).toEqual([
      { noun: 'enrolment', courseId: 'course-1' },
    ]);
    // A 404 taken as done answers no enrolment: nothing is marked enrolled.
    expect(kind.changes(enrol(), null, (r) => r)).toEqual([]);
  });
});
