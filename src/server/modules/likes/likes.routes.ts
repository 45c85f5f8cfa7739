import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import {
  likeKindSchema,
  likeSetSchema,
  likeStateSchema,
  likedVideoSchema,
} from '../../../shared/contracts/likes.ts';
import { pagedSchema, pageQuerySchema } from '../../../shared/contracts/pagination.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { ok } from '../../envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { LikesService } from './likes.service.ts';
import { likesApi } from '../../../shared/endpoints/likes.ts';

const params = z.object({ kind: likeKindSchema, id: z.string().min(1).max(ID_PARAM_MAX) });
const state = envelopeSchema(likeStateSchema);

export const likesRoutes: FastifyPluginAsyncZod<{ likes: LikesService }> = async (app, { likes }) => {
  app.get(
    likesApi.state.pattern,
    {
      schema: {
        summary: 'Whether the caller likes a video (v), comment (c) or tweet (t), and its count',
        params,
        response: { 200: state },
      },
    },
    async (request) =>
      ok(
        200,
        'Like state',
        await likes.state(request.params.kind, request.params.id, request.principal?.userId),
      ),
  );

  app.post(
    likesApi.toggle.pattern,
    {
      schema: {
        summary: 'Flip the like, or set it with { liked: true|false } (idempotent)',
        params,
        body: likeSetSchema,
        response: { 200: state },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const result = await likes.change(
        request.params.kind,
        request.params.id,
        principal.userId,
        request.body?.liked,
      );
      return ok(200, result.liked ? 'Liked' : 'Like removed', result);
    },
  );

  app.get(
    likesApi.videos.pattern,
    {
      schema: {
        summary: 'Videos the caller likes, most recent like first',
        querystring: pageQuerySchema(20),
        response: { 200: envelopeSchema(pagedSchema(likedVideoSchema)) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(200, 'Liked videos', await likes.likedVideos(principal.userId, request.query));
    },
  );
};
