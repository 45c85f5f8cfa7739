import type { Caption } from '../contracts/captions.ts';
import { endpoint } from '../endpoint.ts';

/** A video's caption tracks (docs/api.md, "Captions and chapters"); every video answer lists them. */
export const captionsApi = {
  /** Adds a track (multipart: `language`, optional `label`, `file`), or replaces that language's. */
  add: endpoint<Caption>()('POST', '/videos/:videoId/captions'),
  remove: endpoint<null>()('DELETE', '/videos/:videoId/captions/:captionId'),
};
