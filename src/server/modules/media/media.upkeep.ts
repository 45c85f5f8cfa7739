import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { schedulePeriodic } from '../../plugins/periodic.ts';
import type { MediaJournal } from './media-journal.ts';
import type { MediaLibrary } from './media-library.ts';

interface MediaUpkeep {
  db: Db;
  media: MediaLibrary;
  journal: MediaJournal;
  config: Pick<Config, 'mediaSweepIntervalMinutes' | 'mediaSweepGraceSeconds' | 'jobLeaseSeconds'>;
}

/** The media's periodic work, one instance at a time where it touches what all instances share. */
export function scheduleMediaUpkeep(app: FastifyInstance, { db, media, journal, config }: MediaUpkeep): void {
  // The sweep at start is main.ts's, before listening (docs/api.md, "Media").
  schedulePeriodic(app, {
    name: 'media sweep',
    everyMs: config.mediaSweepIntervalMinutes * 60_000,
    run: () => db.exclusive('media sweep', () => media.sweep(config.mediaSweepGraceSeconds * 1000)),
  });
  // This instance's lease, renewed well within its length; and the files of writers whose lease
  // ran out (a crashed instance), removed at once (docs/api.md, "The media invariants").
  schedulePeriodic(app, {
    name: 'media journal',
    everyMs: Math.max(1000, Math.floor((config.jobLeaseSeconds * 1000) / 3)),
    atReady: true,
    run: async () => {
      await journal.renew();
      await db.exclusive('media journal', async () => {
        await media.recover();
        await journal.forgetLeases();
      });
      await media.tidy();
    },
  });
}
