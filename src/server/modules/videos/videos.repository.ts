import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, VideosTable } from '../../db/schema.ts';
import { likeColumns, ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export type VideoRow = Omit<VideosTable, 'views'> & { views: number };

export interface VideoListRow extends VideoRow, OwnerRow {
  likes_count: number;
}

export class VideosRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private listQuery() {
    return this.db
      .selectFrom('videos as v')
      .innerJoin('users as o', 'o.id', 'v.owner_id')
      .selectAll('v')
      .select(ownerColumns)
      .select(likeColumns('video_likes', 'v.id', undefined).slice(0, 1));
  }

  /** One page, newest first; `ownerId` narrows to one channel. Counted in SQL, paged by index. */
  async list(
    ownerId: string | undefined,
    { page, limit }: PageQuery,
  ): Promise<{ rows: VideoListRow[]; total: number }> {
    let rows = this.listQuery();
    let count = this.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n'));
    if (ownerId !== undefined) {
      rows = rows.where('v.owner_id', '=', ownerId);
      count = count.where('owner_id', '=', ownerId);
    }
    const [docs, total] = await Promise.all([
      rows
        .orderBy('v.created_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: docs as VideoListRow[], total: Number(total.n) };
  }

  async findWithOwner(id: string): Promise<VideoListRow | undefined> {
    return (await this.listQuery().where('v.id', '=', id).executeTakeFirst()) as VideoListRow | undefined;
  }

  async find(id: string): Promise<VideoRow | undefined> {
    return this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Omit<VideoRow, 'views'>): Promise<void> {
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
