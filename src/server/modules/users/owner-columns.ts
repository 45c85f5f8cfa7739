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

export type LikeTable = 'video_likes' | 'comment_likes' | 'tweet_likes';

/**
 * `liked`: whether the viewer likes the row whose id is `idRef` (1/0 on SQLite, true/false on
 * PostgreSQL), one lookup in the (user, target) unique index. Like counts are columns of the
 * rows themselves (migration 0005).
 */
export function likedColumn(table: LikeTable, idRef: string, viewerId: string | undefined) {
  if (viewerId === undefined) return sql<number | boolean>`0`.as('liked');
  return sql<
    number | boolean
  >`exists (select 1 from ${sql.table(table)} where target_id = ${sql.ref(idRef)} and user_id = ${viewerId})`.as(
    'liked',
  );
}
