import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { pagedSchema, pageQuerySchema } from '../../../shared/contracts/pagination.ts';
import {
  channelItemSchema,
  subscriberItemSchema,
  subscriptionSetSchema,
  subscriptionStateSchema,
} from '../../../shared/contracts/subscriptions.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { ok } from '../../envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';
import { subscriptionsApi } from '../../../shared/endpoints/subscriptions.ts';

const id = z.string().min(1).max(ID_PARAM_MAX);

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.post(
    subscriptionsApi.toggle.pattern,
    {
      schema: {
        summary: 'Flip the subscription to a channel, or set it with { subscribed: true|false } (idempotent)',
        params: z.object({ channelId: id }),
        body: subscriptionSetSchema,
        response: { 200: envelopeSchema(subscriptionStateSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const state = await subscriptions.change(
        principal.userId,
        request.params.channelId,
        request.body?.subscribed,
      );
      return ok(200, state.subscribed ? 'Subscribed' : 'Unsubscribed', state);
    },
  );

  app.get(
    subscriptionsApi.subscribers.pattern,
    {
      schema: {
        summary: "A channel's subscribers (that channel's own user only)",
        params: z.object({ channelId: id }),
        querystring: pageQuerySchema(20),
        response: { 200: envelopeSchema(pagedSchema(subscriberItemSchema)) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Subscribers',
        await subscriptions.subscribers(principal.userId, request.params.channelId, request.query),
      );
    },
  );

  app.get(
    subscriptionsApi.channels.pattern,
    {
      schema: {
        summary: 'Channels a user subscribes to (that user only)',
        params: z.object({ userId: id }),
        querystring: pageQuerySchema(20),
        response: { 200: envelopeSchema(pagedSchema(channelItemSchema)) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Subscriptions',
        await subscriptions.channels(principal.userId, request.params.userId, request.query),
      );
    },
  );
};
