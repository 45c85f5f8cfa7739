import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { channelStatsSchema } from '../../../shared/contracts/dashboard.ts';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { ok } from '../../envelope.ts';
import { AppError } from '../../errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { siteApi } from '../../../shared/endpoints/site.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: DashboardRepository;
  users: UsersRepository;
}> = async (app, { dashboard, users }) => {
  app.get(
    siteApi.stats.pattern,
    {
      schema: {
        summary: "A channel's totals: videos, subscribers, likes on its videos, views",
        params: z.object({ channelId: z.string().min(1).max(ID_PARAM_MAX) }),
        response: { 200: envelopeSchema(channelStatsSchema) },
      },
    },
    async (request) => {
      if (!(await users.findById(request.params.channelId)))
        throw new AppError(404, 'This channel does not exist');
      return ok(200, 'Channel stats', await dashboard.stats(request.params.channelId));
    },
  );
};
