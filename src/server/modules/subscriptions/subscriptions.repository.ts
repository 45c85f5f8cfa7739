import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/contracts/pagination.ts';
import type { Database } from '../../db/schema.ts';
import { ownerColumns, type OwnerRow } from '../users/owner-columns.ts';

export interface PersonRow extends OwnerRow {
  subscription_id: string;
  subscribed_at: string;
  owner_email: string;
  owner_created_at: string;
}

export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async state(
    subscriberId: string,
    channelId: string,
  ): Promise<{ subscribed: boolean; subscribersCount: number }> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn
          .sum<number>(eb.case().when('subscriber_id', '=', subscriberId).then(1).else(0).end())
          .as('mine'),
      ])
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    return { subscribed: Number(row.mine ?? 0) > 0, subscribersCount: Number(row.count) };
  }

  /** Sets the subscription; the unique (subscriber, channel) pair keeps concurrent adds to one row. */
  async set(subscriberId: string, channelId: string, subscribed: boolean, now: string): Promise<void> {
    if (subscribed) {
      await this.db
        .insertInto('subscriptions')
        .values({ id: randomUUID(), subscriber_id: subscriberId, channel_id: channelId, created_at: now })
        .onConflict((oc) => oc.columns(['subscriber_id', 'channel_id']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom('subscriptions')
        .where('subscriber_id', '=', subscriberId)
        .where('channel_id', '=', channelId)
        .execute();
    }
  }

  async toggle(subscriberId: string, channelId: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('subscriptions')
        .where('subscriber_id', '=', subscriberId)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        await trx
          .insertInto('subscriptions')
          .values({ id: randomUUID(), subscriber_id: subscriberId, channel_id: channelId, created_at: now })
          .onConflict((oc) => oc.columns(['subscriber_id', 'channel_id']).doNothing())
          .execute();
      }
    });
  }

  /**
   * People on the other side of `userId`'s subscriptions: its subscribers (`side` = channel) or
   * the channels it follows (`side` = subscriber). Newest first.
   */
  async people(side: 'channel' | 'subscriber', userId: string, { page, limit }: PageQuery) {
    const mine = side === 'channel' ? 's.channel_id' : 's.subscriber_id';
    const theirs = side === 'channel' ? 's.subscriber_id' : 's.channel_id';
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('subscriptions as s')
        .innerJoin('users as o', 'o.id', theirs)
        .select([
          's.id as subscription_id',
          's.created_at as subscribed_at',
          'o.email as owner_email',
          'o.created_at as owner_created_at',
        ])
        .select(ownerColumns)
        .where(mine, '=', userId)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('subscriptions as s')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(mine, '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as PersonRow[], total: Number(count.n) };
  }
}
