import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LikeKind } from '../../../shared/contracts/likes.ts';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database } from '../../db/schema.ts';
import { likedColumn, ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

const LIKES = { v: 'video_likes', c: 'comment_likes', t: 'tweet_likes' } as const;
const TARGETS = { v: 'videos', c: 'comments', t: 'tweets' } as const;
// The three likes tables have one shape; Kysely is told so through this one name.
type LikesTable = 'video_likes';
const likesOf = (kind: LikeKind) => LIKES[kind] as LikesTable;

export interface LikedVideoRow extends OwnerRow {
  like_id: string;
  liked_at: string;
  id: string;
  title: string;
  thumbnail: string;
  duration: number;
}

export class LikesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async targetExists(kind: LikeKind, targetId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom(TARGETS[kind] as 'videos')
      .select('id')
      .where('id', '=', targetId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The target's like count and whether `userId` likes it; undefined when the target is gone. */
  async state(
    kind: LikeKind,
    targetId: string,
    userId: string | undefined,
  ): Promise<{ liked: boolean; likesCount: number } | undefined> {
    const row = await this.db
      .selectFrom(`${TARGETS[kind]} as t` as 'videos as t')
      .select('t.likes_count')
      .select(likedColumn(LIKES[kind], 't.id', userId))
      .where('t.id', '=', targetId)
      .executeTakeFirst();
    return row && { liked: Number(row.liked) > 0, likesCount: Number(row.likes_count) };
  }

  /**
   * Sets the like to `liked`. Adding relies on the unique (user, target) constraint, so any number
   * of concurrent requests leave at most one row. The target's likes_count follows in the same
   * statement (triggers of migration 0005), counting only rows really added or removed.
   */
  async set(kind: LikeKind, targetId: string, userId: string, liked: boolean, now: string): Promise<void> {
    const table = likesOf(kind);
    if (liked) {
      await this.db
        .insertInto(table)
        .values({ id: randomUUID(), user_id: userId, target_id: targetId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'target_id']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom(table)
        .where('user_id', '=', userId)
        .where('target_id', '=', targetId)
        .execute();
    }
  }

  /** Flips the like: removes it if present, else adds it. */
  async toggle(kind: LikeKind, targetId: string, userId: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom(likesOf(kind))
        .where('user_id', '=', userId)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        await trx
          .insertInto(likesOf(kind))
          .values({ id: randomUUID(), user_id: userId, target_id: targetId, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'target_id']).doNothing())
          .execute();
      }
    });
  }

  async likedVideos(
    userId: string,
    { page, limit }: PageQuery,
  ): Promise<{ rows: LikedVideoRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('video_likes as l')
        .innerJoin('videos as v', 'v.id', 'l.target_id')
        .innerJoin('users as o', 'o.id', 'v.owner_id')
        .select([
          'l.id as like_id',
          'l.created_at as liked_at',
          'v.id',
          'v.title',
          'v.thumbnail',
          'v.duration',
        ])
        .select(ownerColumns)
        .where('l.user_id', '=', userId)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('video_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
