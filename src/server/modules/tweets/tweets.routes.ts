import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { pagedSchema, pageQuerySchema } from '../../../shared/contracts/pagination.ts';
import { tweetInputSchema, tweetSchema } from '../../../shared/contracts/tweets.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { ok } from '../../envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TweetsService } from './tweets.service.ts';
import { tweetsApi } from '../../../shared/endpoints/tweets.ts';

const tweetParams = z.object({ tweetId: z.string().min(1).max(ID_PARAM_MAX) });
const page = pagedSchema(tweetSchema);

export const tweetsRoutes: FastifyPluginAsyncZod<{ tweets: TweetsService }> = async (app, { tweets }) => {
  app.get(
    tweetsApi.list.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: 'All tweets, newest first',
        querystring: pageQuerySchema(20),
        response: { 200: envelopeSchema(page) },
      },
    },
    async (request) =>
      ok(200, 'Tweets', await tweets.list(undefined, request.principal?.userId, request.query)),
  );

  app.get(
    tweetsApi.byUser.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: "One user's tweets, newest first",
        params: z.object({ userId: z.string().min(1).max(ID_PARAM_MAX) }),
        querystring: pageQuerySchema(20),
        response: { 200: envelopeSchema(page) },
      },
    },
    async (request) =>
      ok(200, 'Tweets', await tweets.list(request.params.userId, request.principal?.userId, request.query)),
  );

  app.get(
    tweetsApi.one.pattern,
    { schema: { summary: 'One tweet', params: tweetParams, response: { 200: envelopeSchema(tweetSchema) } } },
    async (request) => ok(200, 'Tweet', await tweets.get(request.params.tweetId, request.principal?.userId)),
  );

  app.post(
    tweetsApi.add.pattern,
    {
      schema: {
        summary: 'Post a tweet (1-280 characters)',
        body: tweetInputSchema,
        response: { 201: envelopeSchema(tweetSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      return reply
        .code(201)
        .send(ok(201, 'Tweet posted', await tweets.create(principal.userId, request.body)));
    },
  );

  app.patch(
    tweetsApi.edit.pattern,
    {
      schema: {
        summary: 'Edit a tweet (author only)',
        params: tweetParams,
        body: tweetInputSchema,
        response: { 200: envelopeSchema(tweetSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Tweet updated',
        await tweets.edit(principal.userId, request.params.tweetId, request.body),
      );
    },
  );

  app.delete(
    tweetsApi.remove.pattern,
    {
      schema: {
        summary: 'Delete a tweet (author only)',
        params: tweetParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await tweets.delete(principal.userId, request.params.tweetId);
      return ok(200, 'Tweet deleted', null);
    },
  );
};
