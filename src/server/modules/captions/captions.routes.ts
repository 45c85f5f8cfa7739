import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captionSchema, MAX_CAPTION_BYTES } from '../../../shared/contracts/captions.ts';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { captionsApi } from '../../../shared/endpoints/captions.ts';
import { ok } from '../../envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { readUpload } from '../../plugins/uploads.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { CaptionsService } from './captions.service.ts';

export interface CaptionsRoutesOptions {
  captions: CaptionsService;
  storage: MediaStorage;
}

const id = z.string().min(1).max(ID_PARAM_MAX);

export const captionsRoutes: FastifyPluginAsyncZod<CaptionsRoutesOptions> = async (
  app,
  { captions, storage },
) => {
  app.post(
    captionsApi.add.pattern,
    {
      schema: {
        summary: "Add a caption track to a video, or replace that language's track (owner only)",
        description:
          "multipart/form-data with language (a BCP 47 tag such as en or hi-IN), label (optional, 1-60 characters; the language's name by default) and file (WebVTT or SRT, UTF-8, at most 512 KB and 10,000 cues), stored as WebVTT",
        consumes: ['multipart/form-data'],
        params: z.object({ videoId: id }),
        response: { 201: envelopeSchema(captionSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const upload = await readUpload(request, storage, {
        file: { label: 'Caption file', maxBytes: MAX_CAPTION_BYTES },
      });
      try {
        const track = await captions.add(principal.userId, request.params.videoId, upload);
        return reply.code(201).send(ok(201, 'Captions added', track));
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.delete(
    captionsApi.remove.pattern,
    {
      schema: {
        summary: 'Remove a caption track (owner only)',
        params: z.object({ videoId: id, captionId: id }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await captions.remove(principal.userId, request.params.videoId, request.params.captionId);
      return ok(200, 'Captions removed', null);
    },
  );
};
