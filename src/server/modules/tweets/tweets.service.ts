import { monotonicNow } from '../../clock.ts';
import { randomUUID } from 'node:crypto';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import type { Tweet, TweetInput } from '../../../shared/contracts/tweets.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { ownerFrom } from '../users/owner-columns.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { TweetListRow, TweetsRepository } from './tweets.repository.ts';

const missingTweet = () => new AppError(404, 'This tweet does not exist (it may already have been deleted)');
const notOwner = () => new AppError(403, 'Only the author of this tweet may change or delete it');

export class TweetsService {
  constructor(
    private readonly tweets: TweetsRepository,
    private readonly users: UsersRepository,
    private readonly storage: MediaStorage,
    private readonly now: () => Date = monotonicNow,
  ) {}

  private toTweet(row: TweetListRow): Tweet {
    return {
      _id: row.id,
      content: row.content,
      owner: ownerFrom(row, this.storage),
      likesCount: Number(row.likes_count),
      liked: Number(row.liked) > 0,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async list(
    ownerId: string | undefined,
    viewerId: string | undefined,
    page: PageQuery,
  ): Promise<Paged<Tweet>> {
    if (ownerId !== undefined && !(await this.users.findById(ownerId)))
      throw new AppError(404, 'There is no such user');
    const { rows, total } = await this.tweets.list(ownerId, viewerId, page);
    return toPaged(
      rows.map((r) => this.toTweet(r)),
      page,
      total,
    );
  }

  async create(userId: string, input: TweetInput): Promise<Tweet> {
    const now = this.now().toISOString();
    const id = randomUUID();
    await this.tweets.insert({
      id,
      owner_id: userId,
      content: input.content,
      created_at: now,
      updated_at: now,
    });
    return this.get(id, userId);
  }

  async edit(userId: string, tweetId: string, input: TweetInput): Promise<Tweet> {
    await this.owned(userId, tweetId);
    await this.tweets.update(tweetId, input.content, this.now().toISOString());
    return this.get(tweetId, userId);
  }

  async delete(userId: string, tweetId: string): Promise<void> {
    await this.owned(userId, tweetId);
    await this.tweets.delete(tweetId);
  }

  private async owned(userId: string, tweetId: string): Promise<void> {
    const row = await this.tweets.find(tweetId);
    if (!row) throw missingTweet();
    if (row.owner_id !== userId) throw notOwner();
  }

  async get(id: string, viewerId: string | undefined): Promise<Tweet> {
    const row = await this.tweets.findWithOwner(id, viewerId);
    if (!row) throw missingTweet();
    return this.toTweet(row);
  }
}
