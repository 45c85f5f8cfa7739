import { sql, type SelectExpression } from 'kysely';
import type { PublicUser } from '../../../shared/contracts/users.ts';
import type { Database } from '../../db/schema.ts';
import type { MediaStorage } from '../../storage/storage.ts';

/** The columns of a joined owner (`users as o`), named so that `ownerFrom` can read them back. */
export const ownerColumns = [
  'o.id as owner_id',
  'o.username as owner_username',
  'o.full_name as owner_full_name',
  'o.avatar as owner_avatar',
  'o.cover_image as owner_cover_image',
] as const satisfies readonly SelectExpression<Database & { o: Database['users'] }, 'o'>[];

export interface OwnerRow {
  owner_id: string;
  owner_username: string;
  owner_full_name: string;
  owner_avatar: string;
  owner_cover_image: string | null;
}

export function ownerFrom(row: OwnerRow, storage: MediaStorage): PublicUser {
  return {
    _id: row.owner_id,
    username: row.owner_username,
    fullName: row.owner_full_name,
    avatar: storage.url(row.owner_avatar),
    coverImage: row.owner_cover_image ? storage.url(row.owner_cover_image) : null,
  };
}

type LikeTable = 'video_likes' | 'comment_likes' | 'tweet_likes';

/**
 * `likes_count` and `liked` (0 or 1) of the row whose id is `idRef`, as subqueries that use the
 * likes table's target index, so a page of 20 counts 20 targets and nothing else.
 */
export function likeColumns(table: LikeTable, idRef: string, viewerId: string | undefined) {
  return [
    sql<number>`(select count(*) from ${sql.table(table)} where target_id = ${sql.ref(idRef)})`.as(
      'likes_count',
    ),
    sql<number>`(select count(*) from ${sql.table(table)} where target_id = ${sql.ref(idRef)} and user_id = ${viewerId ?? ''})`.as(
      'liked',
    ),
  ];
}
