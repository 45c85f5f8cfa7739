import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async stats(channelId: string) {
    const [videos, subscribers] = await Promise.all([
      // Likes are summed from each video's kept count rather than counted one by one.
      this.db
        .selectFrom('videos')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('views').as('views'),
          eb.fn.sum<number>('likes_count').as('likes'),
        ])
        .where('owner_id', '=', channelId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel_id', '=', channelId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      totalVideos: Number(videos.n),
      totalViews: Number(videos.views ?? 0),
      totalLikes: Number(videos.likes ?? 0),
      totalSubscribers: Number(subscribers.n),
    };
  }
}
