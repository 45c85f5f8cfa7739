import type { AnswerOf } from '../../shared/endpoint.ts';
import { captionsApi } from '../../shared/endpoints/captions.ts';
import type { ApiClient } from '../lib/api-client.ts';

// A video's caption tracks, from its owner's /updatevideo screen: online only, as the video's
// other edits are. The video's answer lists them, so the caller refreshes the video after each.

/** Adds the form's `file` as the track of its `language` (replacing that language's track). */
export const addCaption = (api: ApiClient, videoId: string, form: FormData) =>
  api.postForm<AnswerOf<typeof captionsApi.add>>(captionsApi.add.path({ videoId }), form);

export const removeCaption = (api: ApiClient, videoId: string, captionId: string) =>
  api.delete<AnswerOf<typeof captionsApi.remove>>(captionsApi.remove.path({ videoId, captionId }));
