import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, VideoRenditionsTable } from '../../db/schema.ts';

export type RenditionRow = Selectable<VideoRenditionsTable>;

/** The small copies of videos (migration 0009), and what the original costs. */
export class RenditionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
   * Puts `rows` in place of the video's renditions and records what the original costs, in one
   * transaction. Answers the files the replaced rows named (to release once this commits), or
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
        .set({ video_bytes: original.bytes, video_mime: original.mime, video_height: original.height })
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

  /** Videos older than migration 0009, whose original's size is not yet recorded. */
  async originalsWithoutSize(limit: number): Promise<Array<{ id: string; video_file: string }>> {
    return this.db
      .selectFrom('videos')
      .select(['id', 'video_file'])
      .where('video_bytes', 'is', null)
      .limit(limit)
      .execute();
  }

  async setOriginalSize(videoId: string, bytes: number, mime: string): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ video_bytes: bytes, video_mime: mime })
      .where('id', '=', videoId)
      .execute();
  }

  /** Videos that have no job of `kind` at all: never queued (made before renditions, or on a server without ffmpeg). */
  async videosWithoutJob(kind: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('videos as v')
      .leftJoin('jobs as j', (join) => join.onRef('j.subject', '=', 'v.id').on('j.kind', '=', kind))
      .select('v.id')
      .where('j.id', 'is', null)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
}
