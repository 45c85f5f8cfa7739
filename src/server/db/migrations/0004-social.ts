import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/** Likes get a table per target kind so that each has a real foreign key: deletes cascade. */
const LIKE_TABLES = [
  ['video_likes', 'videos'],
  ['comment_likes', 'comments'],
  ['tweet_likes', 'tweets'],
] as const;

export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // A video's comments, newest first, paged.
  await db.schema
    .createIndex('comments_video_created_idx')
    .on('comments')
    .columns(['video_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_owner_idx').on('comments').column('owner_id').execute();

  await db.schema
    .createTable('tweets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tweets_created_idx').on('tweets').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('tweets_owner_created_idx')
    .on('tweets')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();

  for (const [table, target] of LIKE_TABLES) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('target_id', 'text', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      // One like per user and target, whatever the concurrency.
      .addUniqueConstraint(`${table}_user_target_unique`, ['user_id', 'target_id'])
      .execute();
    // Counting a target's likes.
    await db.schema.createIndex(`${table}_target_idx`).on(table).column('target_id').execute();
  }
  // A user's liked videos, newest first.
  await db.schema
    .createIndex('video_likes_user_created_idx')
    .on('video_likes')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of LIKE_TABLES) await db.schema.dropTable(table).execute();
  await db.schema.dropTable('tweets').execute();
  await db.schema.dropTable('comments').execute();
}
