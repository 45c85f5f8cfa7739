import type { Progress, RecentProgress } from '../contracts/progress.ts';
import { endpoint } from '../endpoint.ts';

/** Where a student is in each video, on every device (docs/api.md, "Progress"). */
export const progressApi = {
  record: endpoint<Progress>()('PUT', '/progress/:videoId'),
  byVideos: endpoint<Progress[]>()('GET', '/progress'),
  recent: endpoint<RecentProgress[]>()('GET', '/progress/recent'),
};
