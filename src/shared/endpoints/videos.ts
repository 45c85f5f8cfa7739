import type { Paged } from '../contracts/pagination.ts';
import type { Video, VideoPage } from '../contracts/videos.ts';
import { endpoint } from '../endpoint.ts';

/** Videos (docs/api.md, "Videos, comments, tweets"). */
export const videosApi = {
  /** Everyone's videos, newest first; with `q`, the matches, best first. */
  list: endpoint<VideoPage>()('GET', '/videos'),
  byOwner: endpoint<Paged<Video>>()('GET', '/videos/:userId'),
  one: endpoint<Video>()('GET', '/videos/v/:videoId'),
  publish: endpoint<Video>()('POST', '/videos'),
  update: endpoint<Video>()('PATCH', '/videos/:videoId'),
  remove: endpoint<null>()('DELETE', '/videos/:videoId'),
};
