import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, VideoRenditionsTable } from '../../db/schema.ts';
import { reopenBackfill } from '../../jobs/backfills.ts';

export type RenditionRow = Selectable<VideoRenditionsTable>;

/**
 * One rendition as the video row's `rendition_summary` keeps it (migration 0012): the JSON keys
 * are the same whether the server wrote it (`replace`) or the back-fill's SQL did.
 */
export interface RenditionSummary {
  quality: RenditionRow['quality'];
  file: string;
  bytes: number;
  mimeType: string;
  height: number | null;
  bitrate: number | null;
}

export const summaryOf = (
  r: Pick<RenditionRow, 'quality' | 'file' | 'bytes' | 'mime_type'> &
    Partial<Pick<RenditionRow, 'height' | 'bitrate'>>,
): RenditionSummary => ({
  quality: r.quality,
  file: r.file,
  bytes: Number(r.bytes),
  mimeType: r.mime_type,
  height: r.height == null ? null : Number(r.height),
  bitrate: r.bitrate == null ? null : Number(r.bitrate),
});

/** The small copies of videos (migration 0009), and what the original costs. */
export class RenditionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The renditions of videos whose row has no summary yet (older than migration 0012, not yet back-filled). */
  async forVideos(videoIds: string[]): Promise<Map<string, RenditionRow[]>> {
    const byVideo = new Map<string, RenditionRow[]>();
    if (videoIds.length === 0) return byVideo;
    const rows = await this.db
      .selectFrom('video_renditions')
      .selectAll()
      .where('video_id', 'in', videoIds)
      .execute();
    for (const row of rows) {
      const list = byVideo.get(row.video_id) ?? [];
      list.push(row);
      byVideo.set(row.video_id, list);
    }
    return byVideo;
  }

  /**
   * Puts `rows` in place of the video's renditions and records what the original costs and the
   * summary that answers read, in one transaction. Answers the files the replaced rows named (to release once this commits), or
   * undefined when the video no longer exists (nothing was written).
   */
  async replace(
    videoId: string,
    rows: Array<Omit<Insertable<VideoRenditionsTable>, 'video_id'>>,
    original: { bytes: number; mime: string; height: number | null },
  ): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('videos')
        .set({
          video_bytes: original.bytes,
          video_mime: original.mime,
          video_height: original.height,
          rendition_summary: JSON.stringify(rows.map(summaryOf)),
        })
        .where('id', '=', videoId)
        .executeTakeFirst();
      // The update also locks the video's row on PostgreSQL, so a delete waits for this to commit.
      if (Number(updated.numUpdatedRows) !== 1) return undefined;
      const old = await tx
        .deleteFrom('video_renditions')
        .where('video_id', '=', videoId)
        .returning('file')
        .execute();
      if (rows.length > 0) {
        await tx
          .insertInto('video_renditions')
          .values(rows.map((r) => ({ ...r, video_id: videoId })))
          .execute();
      }
      return old.map((r) => r.file);
    });
  }

  /** What a renditions job starts from; undefined once the video is deleted. */
  async source(videoId: string): Promise<{ video_file: string; video_mime: string | null } | undefined> {
    return this.db
      .selectFrom('videos')
      .select(['video_file', 'video_mime'])
      .where('id', '=', videoId)
      .executeTakeFirst();
  }

  /** Runs the named back-fill again from the start at its next run. */
  async reopenBackfill(name: string): Promise<void> {
    await reopenBackfill(this.db, name);
  }
}
