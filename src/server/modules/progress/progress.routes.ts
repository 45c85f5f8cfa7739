import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import {
  progressInputSchema,
  progressQuerySchema,
  progressSchema,
  recentProgressSchema,
  videoIdsOf,
} from '../../../shared/contracts/progress.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { progressApi } from '../../../shared/endpoints/progress.ts';
import { ok } from '../../envelope.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ProgressService } from './progress.service.ts';

export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  app.put(
    progressApi.record.pattern,
    {
      schema: {
        summary:
          'Keep where the caller is in a video: the entry with the latest `at` wins, completed stays completed',
        params: z.object({ videoId: z.string().min(1).max(ID_PARAM_MAX) }),
        body: progressInputSchema,
        response: { 200: envelopeSchema(progressSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Progress kept',
        await progress.record(principal.userId, request.params.videoId, request.body),
      );
    },
  );

  app.get(
    progressApi.byVideos.pattern,
    {
      schema: {
        summary:
          "The caller's places in up to 100 videos (videoIds=a,b,c); videos never watched are left out",
        querystring: progressQuerySchema,
        response: { 200: envelopeSchema(z.array(progressSchema)) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const ids = videoIdsOf(request.query.videoIds);
      if (!ids) {
        throw new AppError(400, 'Name from 1 to 100 video ids', [
          { field: 'videoIds', message: 'a comma-separated list of 1 to 100 video ids' },
        ]);
      }
      return ok(200, 'Progress', await progress.byVideos(principal.userId, ids));
    },
  );

  app.get(
    progressApi.recent.pattern,
    {
      schema: {
        summary: "The caller's latest places, newest first, with the video and, for a lesson, its course",
        querystring: z.object({
          limit: z.coerce
            .number({ error: 'limit must be a whole number from 1 to 50' })
            .int('limit must be a whole number from 1 to 50')
            .min(1, 'limit must be a whole number from 1 to 50')
            .max(50, 'limit must be a whole number from 1 to 50')
            .default(10),
        }),
        response: { 200: envelopeSchema(z.array(recentProgressSchema)) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(200, 'Recent progress', await progress.recent(principal.userId, request.query.limit));
    },
  );
};
