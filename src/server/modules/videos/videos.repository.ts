import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, VideosTable } from '../../db/schema.ts';
import { reusableQuery } from '../../db/reusable.ts';
import { listTotal, ownedListReader } from '../paging.ts';
import type { OwnerRow } from '../users/owner-columns.ts';

export type VideoRow = Selectable<VideosTable>;

export type VideoListRow = VideoRow & OwnerRow;

const reader = ownedListReader<VideoListRow>({ table: 'videos', narrowedBy: 'owner_id' });

const commentsCountQuery = reusableQuery(
  (db: Kysely<Database>, _shape: Record<string, never>, v: { id: string }) =>
    db.selectFrom('videos').select('comments_count').where('id', '=', v.id),
);

export class VideosRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page, newest first; `ownerId` narrows to one channel. Totals are kept, not counted. */
  async list(ownerId: string | undefined, page: PageQuery): Promise<{ rows: VideoListRow[]; total: number }> {
    const total = await listTotal(this.db, 'videos', ownerId);
    return { rows: await reader.page(this.db, page, total, { narrowTo: ownerId }), total };
  }

  /** Whether the video exists (undefined if not) and how many comments it has. */
  async commentsCount(id: string): Promise<number | undefined> {
    const [row] = await commentsCountQuery(this.db, {}, { id });
    return row === undefined ? undefined : Number(row.comments_count);
  }

  async findWithOwner(id: string): Promise<VideoListRow | undefined> {
    return reader.byId(this.db, id);
  }

  async find(id: string): Promise<VideoRow | undefined> {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<VideosTable>): Promise<void> {
    await this.db.insertInto('videos').values(row).execute();
  }

  async update(
    id: string,
    patch: Partial<Pick<VideoRow, 'title' | 'description' | 'thumbnail' | 'updated_at'>>,
  ) {
    await this.db.updateTable('videos').set(patch).where('id', '=', id).execute();
  }

  /** Deletes the row; comments, likes and history entries go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('videos').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
