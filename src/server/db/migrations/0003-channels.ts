import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('video_file', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('duration', 'real', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // Newest-first lists: all videos, and one owner's videos.
  await db.schema.createIndex('videos_created_at_idx').on('videos').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('videos_owner_created_at_idx')
    .on('videos')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscriber_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('subscriptions_pair_unique', ['subscriber_id', 'channel_id'])
    .execute();
  // A channel's subscribers and a subscriber's channels, newest first (id breaks ties, so pages
  // come straight from the index with no sort).
  await db.schema
    .createIndex('subscriptions_subscriber_idx')
    .on('subscriptions')
    .columns(['subscriber_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_channel_idx')
    .on('subscriptions')
    .columns(['channel_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('watch_history')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('watched_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_history_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('watch_history_user_watched_idx')
    .on('watch_history')
    .columns(['user_id', 'watched_at', 'video_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watch_history').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('videos').execute();
}
