import { monotonicNow } from '../../clock.ts';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import type {
  ChannelItem,
  SubscriberItem,
  SubscriptionState,
} from '../../../shared/contracts/subscriptions.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { PersonRow, SubscriptionsRepository } from './subscriptions.repository.ts';

export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly users: UsersRepository,
    private readonly storage: MediaStorage,
    private readonly now: () => Date = monotonicNow,
  ) {}

  /** With `subscribed` given, sets that state (safe to repeat); without, flips it. */
  async change(
    userId: string,
    channelId: string,
    subscribed: boolean | undefined,
  ): Promise<SubscriptionState> {
    if (userId === channelId) {
      throw new AppError(400, 'You cannot subscribe to your own channel');
    }
    if (!(await this.users.findById(channelId))) throw new AppError(404, 'This channel does not exist');
    const now = this.now().toISOString();
    if (subscribed === undefined) await this.subscriptions.toggle(userId, channelId, now);
    else await this.subscriptions.set(userId, channelId, subscribed, now);
    return this.subscriptions.state(userId, channelId);
  }

  async subscribers(viewerId: string, channelId: string, page: PageQuery): Promise<Paged<SubscriberItem>> {
    this.onlySelf(viewerId, channelId, 'subscribers');
    const { rows, total } = await this.subscriptions.people('channel', channelId, page);
    return toPaged(
      rows.map((r) => ({
        _id: r.subscription_id,
        subscribedAt: r.subscribed_at,
        subscriber: this.person(r),
      })),
      page,
      total,
    );
  }

  async channels(viewerId: string, userId: string, page: PageQuery): Promise<Paged<ChannelItem>> {
    this.onlySelf(viewerId, userId, 'subscriptions');
    const { rows, total } = await this.subscriptions.people('subscriber', userId, page);
    return toPaged(
      rows.map((r) => ({ _id: r.subscription_id, subscribedAt: r.subscribed_at, channel: this.person(r) })),
      page,
      total,
    );
  }

  private onlySelf(viewerId: string, ownerId: string, what: string): void {
    if (viewerId !== ownerId) throw new AppError(403, `Only the account's owner may see its ${what}`);
  }

  private person(row: PersonRow) {
    return { ...ownerFrom(row, this.storage), email: row.owner_email, createdAt: row.owner_created_at };
  }
}
