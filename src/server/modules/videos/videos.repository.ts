import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, VideosTable } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusable.ts';
import { RememberedSearches, searchByWords } from '../../db/search.ts';
import { searchWords } from '../../db/words.ts';
import { captionSummaries } from '../captions/captions.repository.ts';
import { listTotal, ownedListReader } from '../paging.ts';
import { progressColumns } from '../progress/progress.repository.ts';
import { quizBestColumn } from '../quiz/quiz.repository.ts';
import { ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type VideoRow = Selectable<VideosTable>;

/**
 * A video with its owner and, signed in, the viewer's best practice score and their place in it
 * (position in seconds, completed 1 or 0); each null signed out or when there is none.
 */
export type VideoListRow = Pick<VideoRow, (typeof VIDEO_ANSWER_COLUMNS)[number]> &
  OwnerRow & {
    quiz_best: number | null;
    progress_position: number | null;
    progress_completed: number | null;
  };

/**
 * The columns of a video that its answer is made of (VideosService.toVideo and
 * RenditionsService.describe). Not the search words (a second copy of the title and description),
 * the comment count or the owner's id (the owner's columns carry it): on SQLite each value read is
 * turned into a JavaScript one, and the first page's statement took 72 µs with these against 78 µs
 * with every column (27 columns a row against 31; better-sqlite3 alone on the bench's data set,
 * median of five runs of 3,000).
 */
const VIDEO_ANSWER_COLUMNS = [
  'id',
  'title',
  'description',
  'video_file',
  'thumbnail',
  'duration',
  'video_bytes',
  'video_mime',
  'video_height',
  'rendition_summary',
  'processing_state',
  'processing_progress',
  'caption_summary',
  'quiz_questions',
  'views',
  'likes_count',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof VideoRow>;

/**
 * What every read of videos adds for the viewer, by primary-key lookups inside the statement that
 * reads the rows: a page of videos stays one statement however many the viewer has practised or
 * watched, and every video answer carries the same (docs/api.md, "Progress").
 */
const viewerColumns = (idRef: string, viewerId: string | undefined) => [
  quizBestColumn(idRef, viewerId),
  ...progressColumns(idRef, viewerId),
];

const reader = ownedListReader<VideoListRow>({
  table: 'videos',
  narrowedBy: 'owner_id',
  viewerColumns,
  rowColumns: VIDEO_ANSWER_COLUMNS,
});

/**
 * The first page of a list of videos with its total in the same statement: the newest rows
 * joined to their owners in index order, and the kept total (or the channel's count) as a
 * column. One round trip instead of two, on the read every student's first screen makes; the
 * first page's window does not depend on the total (see pageWindow), so it need not be known first.
 * Signed in, each row also carries the viewer's best practice score and place, from the same
 * statement.
 */
const firstPageQuery = reusableQuery(
  (
    db: Kysely<Database>,
    shape: { narrowed: boolean; viewer: boolean; limit: number },
    v: { ownerId: string; viewerId: string },
  ) => {
    let query = db
      .selectFrom('videos as r')
      .innerJoin('users as o', 'o.id', 'r.owner_id')
      .select(VIDEO_ANSWER_COLUMNS.map((c) => `r.${c}` as const))
      .select(ownerColumns)
      .select(viewerColumns('r.id', shape.viewer ? v.viewerId : undefined))
      .select((eb) =>
        (shape.narrowed
          ? eb
              .selectFrom('videos')
              .select((c) => c.fn.countAll<number>().as('n'))
              .where('owner_id', '=', v.ownerId)
          : eb.selectFrom('row_counts').select('n').where('table_name', '=', 'videos')
        ).as('list_total'),
      );
    if (shape.narrowed) query = query.where('r.owner_id', '=', v.ownerId);
    return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(shape.limit);
  },
);

const commentsCountQuery = reusableQuery(
  (db: Kysely<Database>, _shape: Record<string, never>, v: { id: string }) =>
    db.selectFrom('videos').select('comments_count').where('id', '=', v.id),
);

export class VideosRepository {
  private readonly searches: RememberedSearches;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
    /** How long a search's ranking is reused (config.searchCacheSeconds; 0: never). */
    searchCacheSeconds = 0,
  ) {
    this.searches = new RememberedSearches(searchCacheSeconds);
  }

  /**
   * One page of the videos matching the words of `q`, best match first (db/search.ts); `viewerId`
   * (signed in) adds their best practice scores and places. So do the reads below.
   */
  async search(
    q: string,
    page: PageQuery,
    viewerId?: string,
  ): Promise<{ rows: VideoListRow[]; total: number; suggestion?: string; reusedUntil?: number }> {
    const at = { limit: page.limit, offset: (page.page - 1) * page.limit };
    const { ids, total, suggestion, reusedUntil } = await this.searches.answer('videos', q, at, () =>
      searchByWords(this.db, this.dialect, 'videos', q, at),
    );
    return {
      rows: await reader.byIds(this.db, ids, viewerId),
      total,
      ...(suggestion ? { suggestion } : {}),
      ...(reusedUntil !== undefined ? { reusedUntil } : {}),
    };
  }

  /** One page, newest first; `ownerId` narrows to one channel. Totals are kept, not counted. */
  async list(
    ownerId: string | undefined,
    page: PageQuery,
    viewerId?: string,
  ): Promise<{ rows: VideoListRow[]; total: number }> {
    if (page.page === 1) {
      const rows = await firstPageQuery(
        this.db,
        { narrowed: ownerId !== undefined, viewer: viewerId !== undefined, limit: page.limit },
        { ownerId: ownerId ?? '', viewerId: viewerId ?? '' },
      );
      if (rows.length > 0) return { rows, total: Number(rows[0]!.list_total) };
      // An empty list has no row to carry its total: counted apart below.
    }
    const total = await listTotal(this.db, 'videos', ownerId);
    return { rows: await reader.page(this.db, page, total, { narrowTo: ownerId, viewerId }), total };
  }

  /** Whether the video exists (undefined if not) and how many comments it has. */
  async commentsCount(id: string): Promise<number | undefined> {
    const [row] = await commentsCountQuery(this.db, {}, { id });
    return row === undefined ? undefined : Number(row.comments_count);
  }

  /** Videos by id, in the order of `ids`, those that no longer exist left out. */
  async byIds(ids: string[], viewerId?: string): Promise<VideoListRow[]> {
    return reader.byIds(this.db, ids, viewerId);
  }

  /** Which of `ids` are videos of `ownerId`. */
  async ownedAmong(ownerId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async findWithOwner(id: string, viewerId?: string): Promise<VideoListRow | undefined> {
    return reader.byId(this.db, id, viewerId);
  }

  async find(id: string): Promise<VideoRow | undefined> {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<VideosTable>): Promise<void> {
    await this.db
      .insertInto('videos')
      .values({ ...row, ...searchWords(row) })
      .execute();
    this.searches.forget();
  }

  /**
   * Changes the row. With `expectThumbnail`, only if the thumbnail is still that one (a compare
   * and swap, so that two replacements racing each other both learn which file they replaced).
   * Answers whether the row changed.
   */
  async update(
    id: string,
    patch: Partial<Pick<VideoRow, 'title' | 'description' | 'thumbnail' | 'updated_at'>>,
    expectThumbnail?: string,
  ): Promise<boolean> {
    let query = this.db
      .updateTable('videos')
      .set({ ...patch, ...searchWords(patch) })
      .where('id', '=', id);
    if (expectThumbnail !== undefined) query = query.where('thumbnail', '=', expectThumbnail);
    const result = await query.executeTakeFirst();
    if (patch.title !== undefined || patch.description !== undefined) this.searches.forget();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Deletes the row and answers the files it, its renditions and its caption tracks named, as
   * they were at the moment of the delete; comments, likes, history entries, renditions and
   * caption tracks go with it (foreign keys cascade).
   */
  async delete(
    id: string,
  ): Promise<
    { video_file: string; thumbnail: string; renditions: string[]; captions: string[] } | undefined
  > {
    const gone = await this.db.transaction().execute(async (tx) => {
      const renditions = await tx
        .deleteFrom('video_renditions')
        .where('video_id', '=', id)
        .returning('file')
        .execute();
      const captions = await tx
        .deleteFrom('video_captions')
        .where('video_id', '=', id)
        .returning('file')
        .execute();
      // The row's caption summary too: on PostgreSQL a track committed while this waited for
      // the video's row (captions.repository.ts takes it first) is in the summary this returns.
      const gone = await tx
        .deleteFrom('videos')
        .where('id', '=', id)
        .returning(['video_file', 'thumbnail', 'caption_summary'])
        .executeTakeFirst();
      if (!gone) return undefined;
      const { caption_summary, ...files } = gone;
      const summarized = captionSummaries(caption_summary).map((t) => t.file);
      return {
        ...files,
        renditions: renditions.map((r) => r.file),
        captions: [...new Set([...captions.map((c) => c.file), ...summarized])],
      };
    });
    // After the commit: a search between a forget and the commit would keep the deleted video.
    this.searches.forget();
    return gone;
  }
}
