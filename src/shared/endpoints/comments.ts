import type { Comment } from '../contracts/comments.ts';
import type { Paged } from '../contracts/pagination.ts';
import { endpoint } from '../endpoint.ts';

/** A video's comments (docs/api.md, "Videos, comments, tweets"). */
export const commentsApi = {
  list: endpoint<Paged<Comment>>()('GET', '/comments/:videoId'),
  add: endpoint<Comment>()('POST', '/comments/:videoId'),
  edit: endpoint<Comment>()('PATCH', '/comments/c/:commentId'),
  remove: endpoint<null>()('DELETE', '/comments/c/:commentId'),
};
