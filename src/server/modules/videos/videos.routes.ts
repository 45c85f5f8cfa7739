import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { pagedSchema, pageQuerySchema } from '../../../shared/contracts/pagination.ts';
import {
  ID_PARAM_MAX,
  videoPageSchema,
  videoSchema,
  videoSearchSchema,
} from '../../../shared/contracts/videos.ts';
import type { Config } from '../../config.ts';
import { ok } from '../../envelope.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { MultipartForm } from '../../multipart-form.ts';
import { readUpload } from '../../plugins/uploads.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { VideosService } from './videos.service.ts';
import { videosApi } from '../../../shared/endpoints/videos.ts';

export interface VideosRoutesOptions {
  videos: VideosService;
  storage: MediaStorage;
  config: Pick<Config, 'maxImageBytes' | 'maxVideoBytes'>;
}

const idParam = (name: string) => z.object({ [name]: z.string().min(1).max(ID_PARAM_MAX) });

export const videosRoutes: FastifyPluginAsyncZod<VideosRoutesOptions> = async (
  app,
  { videos, storage, config },
) => {
  const thumbnailRule = { label: 'Thumbnail', maxBytes: config.maxImageBytes };

  app.get(
    videosApi.list.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: 'All videos, newest first; with q, the videos matching its words, best match first',
        querystring: pageQuerySchema(20).extend(videoSearchSchema.shape),
        response: { 200: envelopeSchema(videoPageSchema) },
      },
    },
    async (request) => {
      const { q, ...page } = request.query;
      const viewerId = request.principal?.userId;
      if (!q) return ok(200, 'Videos', await videos.list(undefined, page, viewerId));
      const found = await videos.search(q, page, viewerId);
      // A ranking reused from before a write elsewhere is kept no longer than it is reused.
      request.keepAnswerUntil = found.reusedUntil;
      return ok(200, 'Videos', found.page);
    },
  );

  app.get(
    videosApi.byOwner.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: "One user's videos, newest first",
        params: idParam('userId'),
        querystring: pageQuerySchema(20),
        response: { 200: envelopeSchema(pagedSchema(videoSchema)) },
      },
    },
    async (request) =>
      ok(
        200,
        'Videos',
        await videos.list(request.params.userId as string, request.query, request.principal?.userId),
      ),
  );

  app.get(
    videosApi.one.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: 'One video',
        params: idParam('videoId'),
        response: { 200: envelopeSchema(videoSchema) },
      },
    },
    async (request) =>
      ok(200, 'Video', await videos.get(request.params.videoId as string, request.principal?.userId)),
  );

  app.post(
    videosApi.publish.pattern,
    {
      schema: {
        summary: 'Upload a video',
        description:
          'multipart/form-data with title, description, duration (text, used only when the file cannot be probed), videoFile (MP4 or WebM), thumbnail (image)',
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(videoSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const upload = await readUpload(request, storage, {
        videoFile: { label: 'The video', maxBytes: config.maxVideoBytes },
        thumbnail: thumbnailRule,
      });
      let video;
      try {
        video = await videos.upload(principal.userId, upload);
      } finally {
        await upload.cleanup();
      }
      return reply.code(201).send(ok(201, 'Video uploaded', video));
    },
  );

  app.patch(
    videosApi.update.pattern,
    {
      schema: {
        summary: "Change a video's title, description or thumbnail (owner only)",
        description: 'multipart/form-data (title, description, thumbnail) or JSON (title, description)',
        params: idParam('videoId'),
        response: { 200: envelopeSchema(videoSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const videoId = request.params.videoId as string;
      let upload: MultipartForm | undefined;
      let fields: Record<string, string>;
      if (request.isMultipart()) {
        upload = await readUpload(request, storage, { thumbnail: thumbnailRule });
        fields = upload.fields;
      } else {
        const body: unknown = request.body ?? {};
        if (typeof body !== 'object' || body === null || Array.isArray(body))
          throw new AppError(400, 'Send the changes as an object');
        fields = body as Record<string, string>;
      }
      try {
        return ok(200, 'Video updated', await videos.update(principal.userId, videoId, fields, upload));
      } finally {
        await upload?.cleanup();
      }
    },
  );

  app.delete(
    videosApi.remove.pattern,
    {
      schema: {
        summary: 'Delete a video (owner only)',
        params: idParam('videoId'),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await videos.delete(principal.userId, request.params.videoId as string);
      return ok(200, 'Video deleted', null);
    },
  );
};
