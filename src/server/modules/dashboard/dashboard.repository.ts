import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async stats(channelId: string) {
    const [videos, likes, subscribers] = await Promise.all([
      this.db
        .selectFrom('videos')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('views').as('views')])
        .where('owner_id', '=', channelId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('video_likes as l')
        .innerJoin('videos as v', 'v.id', 'l.target_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('v.owner_id', '=', channelId)
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
      totalLikes: Number(likes.n),
      totalSubscribers: Number(subscribers.n),
    };
  }
}
