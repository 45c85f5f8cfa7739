import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { BackfillRunner } from '../../jobs/backfills.ts';
import { JobsRepository } from '../../jobs/jobs.repository.ts';
import { JobWorkers } from '../../jobs/worker.ts';
import { schedulePeriodic } from '../../plugins/periodic.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import { findMediaTools } from './media-tools.ts';
import { RenditionsRepository } from './renditions.repository.ts';
import { RenditionsService } from './renditions.service.ts';

/** Looks for ffmpeg once per setting: every test server would otherwise run it again. */
const toolsFound = new Map<string, ReturnType<typeof findMediaTools>>();

/**
 * Renditions (docs/api.md, "Renditions"): finds ffmpeg and says which one is used, starts this
 * process's job workers once the server is ready, and back-fills older videos after it listens.
 */
export async function startRenditions(app: FastifyInstance, config: Config, db: Db, media: MediaLibrary) {
  const { ffmpegPath, ffprobePath } = config.renditions;
  const key = JSON.stringify([ffmpegPath, ffprobePath]);
  if (!toolsFound.has(key)) toolsFound.set(key, findMediaTools({ ffmpegPath, ffprobePath }));
  const { tools, notes } = await toolsFound.get(key)!;
  if (!tools) {
    app.log.warn(
      { notes },
      'renditions unavailable: no working ffmpeg (set FFMPEG_PATH); originals still play',
    );
  } else if (tools.origin === 'npm package') {
    app.log.warn(
      { ffmpeg: tools.ffmpeg, version: tools.version },
      'renditions use the ffmpeg inside the npm package, a 2018 build: install the system ffmpeg for a current one',
    );
  } else {
    app.log.info(
      { ffmpeg: tools.ffmpeg, origin: tools.origin, version: tools.version },
      'renditions use this ffmpeg',
    );
  }
  const jobs = new JobsRepository(db.kysely, db.dialect);
  const renditions = new RenditionsService(
    new RenditionsRepository(db.kysely),
    jobs,
    media,
    tools,
    {
      threads: config.renditions.threads,
      maxRunMs: config.renditions.timeoutMinutes * 60_000,
      maxAttempts: 3,
    },
    app.log,
  );
  const workers = new JobWorkers(jobs, renditions.handler, {
    concurrency: tools ? config.renditions.workers : 0,
    leaseMs: config.jobLeaseSeconds * 1000,
    workerId: `${os.hostname()}:${process.pid}`,
    log: app.log,
  });
  renditions.onQueued = () => workers.wake();
  // Nothing old is waited on at start: the workers start polling, and what older videos lack is
  // done in the background once the server listens, then looked at again now and then (a
  // finished back-fill costs one indexed read).
  const backfills = new BackfillRunner(db, renditions.backfills(db.dialect), { log: app.log });
  schedulePeriodic(app, {
    name: 'back-fills',
    everyMs: 10 * 60_000,
    atListen: true,
    run: async () => {
      const changed = await backfills.run();
      if (Object.values(changed).some((n) => n > 0)) workers.wake();
    },
  });
  app.addHook('onReady', async () => workers.start());
  app.addHook('onClose', () => workers.stop());
  return renditions;
}
