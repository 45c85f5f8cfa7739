import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, VideoCaptionsTable } from '../../db/schema.ts';

export type CaptionRow = Selectable<VideoCaptionsTable>;

/** One track as the video row's `caption_summary` keeps it (migration 0019). */
export interface CaptionSummary {
  id: string;
  language: string;
  label: string;
  file: string;
  bytes: number;
}

/** The tracks a video row's summary names; a summary that cannot be read names none. */
export function captionSummaries(summary: string | null | undefined): CaptionSummary[] {
  if (!summary) return [];
  try {
    const parsed: unknown = JSON.parse(summary);
    return Array.isArray(parsed) ? (parsed as CaptionSummary[]) : [];
  } catch {
    return [];
  }
}

/**
 * Caption tracks (docs/api.md, "Captions and chapters"). Every change of a video's tracks
 * rewrites the video's `caption_summary` in the same transaction, after first taking the video's
 * row (a no-op update, which on PostgreSQL holds its row lock until the commit): two changes to
 * one video's tracks run one after the other, so each summary is written from every track
 * committed before it, and a video being deleted waits for, or is waited on by, the change.
 */
export class CaptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(videoId: string, captionId: string): Promise<CaptionRow | undefined> {
    return this.db
      .selectFrom('video_captions')
      .selectAll()
      .where('video_id', '=', videoId)
      .where('id', '=', captionId)
      .executeTakeFirst();
  }

  /** The file of the video's track in `language`, null when it has none. */
  async fileIn(videoId: string, language: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('video_captions')
      .select('file')
      .where('video_id', '=', videoId)
      .where('language', '=', language)
      .executeTakeFirst();
    return row?.file ?? null;
  }

  /**
   * Puts `row` in place of the video's track in its language, if that track's file is still
   * `expected` (null: no track), a compare and swap, so that of two uploads racing each learns
   * exactly which file it replaced. Answers `{ replaced }` (the file to release once this has
   * committed, or null), 'changed' when the track is no longer `expected` (nothing was written),
   * or undefined when the video no longer exists.
   */
  async put(
    row: Insertable<VideoCaptionsTable>,
    expected: string | null,
  ): Promise<{ replaced: string | null } | 'changed' | undefined> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.takeVideo(tx, row.video_id))) return undefined;
      const current = await tx
        .selectFrom('video_captions')
        .select(['id', 'file'])
        .where('video_id', '=', row.video_id)
        .where('language', '=', row.language)
        .executeTakeFirst();
      if ((current?.file ?? null) !== expected) return 'changed';
      if (current) await tx.deleteFrom('video_captions').where('id', '=', current.id).execute();
      await tx.insertInto('video_captions').values(row).execute();
      await this.writeSummary(tx, row.video_id);
      return { replaced: current?.file ?? null };
    });
  }

  /**
   * Deletes the track and rewrites the video's summary. Answers the file it named (to release
   * once this has committed), or undefined when there was no such track (or no such video).
   */
  async remove(videoId: string, captionId: string): Promise<string | undefined> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.takeVideo(tx, videoId))) return undefined;
      const gone = await tx
        .deleteFrom('video_captions')
        .where('video_id', '=', videoId)
        .where('id', '=', captionId)
        .returning('file')
        .executeTakeFirst();
      if (!gone) return undefined;
      await this.writeSummary(tx, videoId);
      return gone.file;
    });
  }

  /** Whether the video exists; it stays taken for the rest of the transaction. */
  private async takeVideo(tx: Transaction<Database>, videoId: string): Promise<boolean> {
    const taken = await tx
      .updateTable('videos')
      .set((eb) => ({ caption_summary: eb.ref('caption_summary') }))
      .where('id', '=', videoId)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  private async writeSummary(tx: Transaction<Database>, videoId: string): Promise<void> {
    const tracks = await tx
      .selectFrom('video_captions')
      .select(['id', 'language', 'label', 'file', 'bytes'])
      .where('video_id', '=', videoId)
      .execute();
    const summary: CaptionSummary[] = tracks
      .map((t) => ({ id: t.id, language: t.language, label: t.label, file: t.file, bytes: Number(t.bytes) }))
      // By tag, the same on both databases whatever their collation.
      .sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
    await tx
      .updateTable('videos')
      .set({ caption_summary: JSON.stringify(summary) })
      .where('id', '=', videoId)
      .execute();
  }
}
