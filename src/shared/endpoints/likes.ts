import type { LikedVideo, LikeState } from '../contracts/likes.ts';
import type { Paged } from '../contracts/pagination.ts';
import { endpoint } from '../endpoint.ts';

/** Likes of a video (`v`), comment (`c`) or tweet (`t`) (docs/api.md, "Likes, subscriptions, stats"). */
export const likesApi = {
  state: endpoint<LikeState>()('GET', '/likes/toggle/:kind/:id'),
  /** No body flips the like; `{ liked }` sets it, safe to repeat. */
  toggle: endpoint<LikeState>()('POST', '/likes/toggle/:kind/:id'),
  videos: endpoint<Paged<LikedVideo>>()('GET', '/likes/videos'),
};
