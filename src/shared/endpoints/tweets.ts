import type { Paged } from '../contracts/pagination.ts';
import type { Tweet } from '../contracts/tweets.ts';
import { endpoint } from '../endpoint.ts';

/** Short posts (docs/api.md, "Videos, comments, tweets"). */
export const tweetsApi = {
  list: endpoint<Paged<Tweet>>()('GET', '/tweets'),
  byUser: endpoint<Paged<Tweet>>()('GET', '/tweets/user/:userId'),
  one: endpoint<Tweet>()('GET', '/tweets/t/:tweetId'),
  add: endpoint<Tweet>()('POST', '/tweets'),
  edit: endpoint<Tweet>()('PATCH', '/tweets/:tweetId'),
  remove: endpoint<null>()('DELETE', '/tweets/:tweetId'),
};
