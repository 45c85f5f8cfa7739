import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { schedulePeriodic } from '../../plugins/periodic.ts';
import type { UploadsService } from './uploads.service.ts';

/** Unfinished uploads past their expiry are removed now and then, by one instance at a time. */
export function scheduleUploadCleanup(app: FastifyInstance, db: Db, uploads: UploadsService): void {
  schedulePeriodic(app, {
    name: 'upload cleanup',
    everyMs: 15 * 60_000,
    atReady: true,
    run: () => db.exclusive('upload cleanup', () => uploads.cleanup()),
  });
}
