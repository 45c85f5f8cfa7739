import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = UsersTable;

export interface ChannelRow extends UserRow {
  subscribers_count: number;
  subscribed_to_count: number;
  is_subscribed: number;
}

export interface HistoryRow {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  video_file: string;
  duration: number;
  views: number;
  created_at: string;
  watched_at: string;
  owner_id: string;
  owner_username: string;
  owner_full_name: string;
  owner_avatar: string;
}

/** How many recent entries `watchHistory` on the current user carries (the full list is paged). */
export const WATCH_HISTORY_IDS = 100;

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: UserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /**
   * Turns the account off (a time) or on (null); answers whether the row changed, so turning off
   * an account that is already off keeps its first time.
   */
  async setDisabled(id: string, at: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ disabled_at: at })
      .where('id', '=', id)
      .where('disabled_at', at === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async update(id: string, patch: Partial<Omit<UserRow, 'id' | 'created_at'>>): Promise<void> {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  /**
   * Points the avatar or cover image at `key` only if it still names `previous` (a compare and
   * swap: of two replacements racing, exactly one wins against each previous file, so each
   * knows which file it made unused). Answers whether the row changed.
   */
  async swapImage(
    id: string,
    column: 'avatar' | 'cover_image',
    previous: string | null,
    key: string,
    updatedAt: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ [column]: key, updated_at: updatedAt })
      .where('id', '=', id)
      .where((eb) => (previous === null ? eb(column, 'is', null) : eb(column, '=', previous)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async channel(username: string, viewerId: string | undefined): Promise<ChannelRow | undefined> {
    return this.db
      .selectFrom('users as u')
      .selectAll('u')
      .select((eb) => [
        eb
          .selectFrom('subscriptions')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('channel_id', '=', 'u.id')
          .as('subscribers_count'),
        eb
          .selectFrom('subscriptions')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('subscriber_id', '=', 'u.id')
          .as('subscribed_to_count'),
        eb
          .selectFrom('subscriptions')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('channel_id', '=', 'u.id')
          .where('subscriber_id', '=', viewerId ?? '')
          .as('is_subscribed'),
      ])
      .where('u.username', '=', username)
      .executeTakeFirst() as Promise<ChannelRow | undefined>;
  }

  async videoExists(videoId: string): Promise<boolean> {
    const row = await this.db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
    return row !== undefined;
  }

  /** Puts the video at the front of the user's history and counts one view, atomically. */
  async addToHistory(userId: string, videoId: string, now: string): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('videos')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', videoId)
        .returning('views')
        .executeTakeFirst();
      if (!updated) return undefined;
      await trx
        .insertInto('watch_history')
        .values({ user_id: userId, video_id: videoId, watched_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ watched_at: now }))
        .execute();
      return Number(updated.views);
    });
  }

  async recentHistoryIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('watch_history')
      .select('video_id')
      .where('user_id', '=', userId)
      .orderBy('watched_at', 'desc')
      .limit(WATCH_HISTORY_IDS)
      .execute();
    return rows.map((r) => r.video_id);
  }

  async history(userId: string, { page, limit }: PageQuery): Promise<{ rows: HistoryRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('watch_history as h')
        .innerJoin('videos as v', 'v.id', 'h.video_id')
        .innerJoin('users as o', 'o.id', 'v.owner_id')
        .select([
          'v.id',
          'v.title',
          'v.description',
          'v.thumbnail',
          'v.video_file',
          'v.duration',
          'v.views',
          'v.created_at',
          'h.watched_at',
          'o.id as owner_id',
          'o.username as owner_username',
          'o.full_name as owner_full_name',
          'o.avatar as owner_avatar',
        ])
        .where('h.user_id', '=', userId)
        .orderBy('h.watched_at', 'desc')
        .orderBy('h.video_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('watch_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
