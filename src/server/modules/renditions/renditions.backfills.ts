import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../../db/database.ts';
import type { Backfill, KeyRange } from '../../jobs/backfills.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { videoMimeOf } from '../media/videos.ts';

/** Files measured at once by the size back-fill. */
const STAT_CONCURRENCY = 16;

/**
 * Summaries of videos older than migration 0012: their renditions as the JSON that
 * `RenditionsRepository.replace` writes, and their job's state, in one UPDATE per range. A row
 * that already has a summary (published meanwhile) is left alone.
 */
export function summaryBackfill(dialect: Dialect): Backfill<undefined> {
  return {
    name: 'video media summary',
    async write(trx, { after, upTo }) {
      const job = (column: string) =>
        sql.raw(`(select j.${column} from jobs j where j.kind = 'renditions' and j.subject = videos.id)`);
      const summary =
        dialect === 'sqlite'
          ? sql`(select json_group_array(json_object('quality', r.quality, 'file', r.file, 'bytes', r.bytes,
                  'mimeType', r.mime_type, 'height', r.height, 'bitrate', r.bitrate))
                from video_renditions r where r.video_id = videos.id)`
          : sql`coalesce((select json_agg(json_build_object('quality', r.quality, 'file', r.file, 'bytes', r.bytes,
                  'mimeType', r.mime_type, 'height', r.height, 'bitrate', r.bitrate))::text
                from video_renditions r where r.video_id = videos.id), '[]')`;
      const result = await sql`
        update videos set rendition_summary = ${summary},
               processing_state = ${job('state')},
               processing_progress = coalesce(${job('progress')}, 0)
         where id > ${after} and id <= ${upTo} and rendition_summary is null`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

/**
 * The size and type of originals stored before migration 0009 (the answer says what the
 * original costs): the files of a range measured together, then one UPDATE for the range.
 */
export function originalSizeBackfill(
  storage: MediaStorage,
  log?: FastifyBaseLogger,
): Backfill<Array<{ id: string; bytes: number; mime: string }>> {
  return {
    name: 'original sizes',
    async prepare(db, { after, upTo }) {
      const rows = await db
        .selectFrom('videos')
        .select(['id', 'video_file'])
        .where('id', '>', after)
        .where('id', '<=', upTo)
        .where('video_bytes', 'is', null)
        .execute();
      const measured: Array<{ id: string; bytes: number; mime: string }> = [];
      let missing = 0;
      for (let i = 0; i < rows.length; i += STAT_CONCURRENCY) {
        const sizes = await Promise.all(
          rows.slice(i, i + STAT_CONCURRENCY).map((r) => storage.size(r.video_file)),
        );
        sizes.forEach((bytes, j) => {
          const row = rows[i + j]!;
          if (bytes === undefined) missing += 1;
          measured.push({ id: row.id, bytes: bytes ?? 0, mime: videoMimeOf(row.video_file) });
        });
      }
      if (missing > 0) log?.warn({ missing, after, upTo }, 'video rows name missing files');
      return measured;
    },
    async write(trx, _range: KeyRange, measured) {
      if (measured.length === 0) return 0;
      const values = sql.join(measured.map((m) => sql`(${m.id}, ${m.bytes}, ${m.mime})`));
      // VALUES names its columns column1, column2... on both databases.
      const result = await sql`
        update videos set video_bytes = cast(d.column2 as bigint), video_mime = d.column3
          from (values ${values}) as d
         where videos.id = d.column1 and videos.video_bytes is null`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

/** The back-fill that queues renditions for videos that never had a job. */
export const RENDITIONS_JOBS_BACKFILL = 'renditions jobs';

/**
 * A renditions job for every video of a range that has none (made before renditions, or while
 * the server had no ffmpeg), in one INSERT ... SELECT; the trigger of migration 0012 marks their
 * rows queued in the same statement.
 */
export function renditionsJobsBackfill(
  dialect: Dialect,
  { maxAttempts, enabled, now }: { maxAttempts: number; enabled: () => boolean; now: () => Date },
): Backfill<undefined> {
  return {
    name: RENDITIONS_JOBS_BACKFILL,
    enabled,
    async write(trx, { after, upTo }) {
      // PostgreSQL types a SELECT's parameters as text unless told.
      const at =
        dialect === 'postgres'
          ? sql`cast(${now().toISOString()} as timestamptz)`
          : sql`${now().toISOString()}`;
      const attempts = dialect === 'postgres' ? sql`cast(${maxAttempts} as integer)` : sql`${maxAttempts}`;
      const newId =
        dialect === 'postgres'
          ? sql`gen_random_uuid()::text`
          : sql`lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' ||
              hex(randomblob(2)) || '-' || hex(randomblob(6)))`;
      const result = await sql`
        insert into jobs (id, kind, subject, state, attempts, max_attempts, run_at, progress, created_at, updated_at)
        select ${newId}, 'renditions', v.id, 'queued', 0, ${attempts}, ${at}, 0, ${at}, ${at}
          from videos v
         where v.id > ${after} and v.id <= ${upTo}
           and not exists (select 1 from jobs j where j.kind = 'renditions' and j.subject = v.id)
        on conflict (kind, subject) do nothing`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
