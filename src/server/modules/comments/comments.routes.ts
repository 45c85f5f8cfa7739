import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentInputSchema, commentSchema } from '../../../shared/contracts/comments.ts';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { pagedSchema, pageQuerySchema } from '../../../shared/contracts/pagination.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { ok } from '../../envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { CommentsService } from './comments.service.ts';
import { commentsApi } from '../../../shared/endpoints/comments.ts';

const videoParams = z.object({ videoId: z.string().min(1).max(ID_PARAM_MAX) });
const commentParams = z.object({ commentId: z.string().min(1).max(ID_PARAM_MAX) });

export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  app.get(
    commentsApi.list.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: "A video's comments, newest first (limit defaults to 10)",
        params: videoParams,
        querystring: pageQuerySchema(10),
        response: { 200: envelopeSchema(pagedSchema(commentSchema)) },
      },
    },
    async (request) =>
      ok(
        200,
        'Comments',
        await comments.list(request.params.videoId, request.principal?.userId, request.query),
      ),
  );

  app.post(
    commentsApi.add.pattern,
    {
      schema: {
        summary: 'Comment on a video',
        params: videoParams,
        body: commentInputSchema,
        response: { 201: envelopeSchema(commentSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const comment = await comments.add(principal.userId, request.params.videoId, request.body);
      return reply.code(201).send(ok(201, 'Comment added', comment));
    },
  );

  app.patch(
    commentsApi.edit.pattern,
    {
      schema: {
        summary: 'Edit a comment (author only)',
        params: commentParams,
        body: commentInputSchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Comment updated',
        await comments.edit(principal.userId, request.params.commentId, request.body),
      );
    },
  );

  app.delete(
    commentsApi.remove.pattern,
    {
      schema: {
        summary: 'Delete a comment (author only)',
        params: commentParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await comments.delete(principal.userId, request.params.commentId);
      return ok(200, 'Comment deleted', null);
    },
  );
};
