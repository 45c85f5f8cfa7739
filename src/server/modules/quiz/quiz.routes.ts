import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import {
  attemptInputSchema,
  attemptSchema,
  questionStatsSchema,
  quizInputSchema,
  quizSchema,
} from '../../../shared/contracts/quiz.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { quizApi } from '../../../shared/endpoints/quiz.ts';
import { ok } from '../../envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { LISTED_ATTEMPTS, type QuizService } from './quiz.service.ts';

const params = z.object({ videoId: z.string().min(1).max(ID_PARAM_MAX) });

export const quizRoutes: FastifyPluginAsyncZod<{ quiz: QuizService }> = async (app, { quiz }) => {
  app.get(
    quizApi.one.pattern,
    {
      schema: {
        summary: "A video's practice quiz, answers included (practice is checked on the device, offline too)",
        params,
        response: { 200: envelopeSchema(quizSchema) },
      },
    },
    async (request) => ok(200, 'Practice quiz', await quiz.get(request.params.videoId)),
  );

  app.put(
    quizApi.put.pattern,
    {
      schema: {
        summary: "Set a video's whole practice quiz (owner only); questions sent with their _id keep it",
        description:
          '1-25 questions: "one" (2-8 choices, answer the right index), "many" (2-8 choices, answer the right indexes, at least one, none twice) or "text" (no choices, answer 1-10 accepted texts). Questions left out are retired, and attempts taken on them are still scored as they were',
        params,
        body: quizInputSchema,
        response: { 200: envelopeSchema(quizSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Practice quiz saved',
        await quiz.put(principal.userId, request.params.videoId, request.body),
      );
    },
  );

  app.delete(
    quizApi.remove.pattern,
    {
      schema: {
        summary: "Remove a video's practice quiz with its attempts and results (owner only)",
        params,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await quiz.remove(principal.userId, request.params.videoId);
      return ok(200, 'Practice quiz removed', null);
    },
  );

  app.post(
    quizApi.attempt.pattern,
    {
      schema: {
        summary:
          'Score an attempt on the server (the device score is never sent); the same attemptId again answers the first result',
        params,
        body: attemptInputSchema,
        response: { 201: envelopeSchema(attemptSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const { attempt, fresh } = await quiz.attempt(principal.userId, request.params.videoId, request.body);
      // A repeat is answered as the Idempotency-Key plugin answers one: the first answer, marked.
      if (!fresh) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(ok(201, 'Attempt scored', attempt));
    },
  );

  app.get(
    quizApi.attempts.pattern,
    {
      schema: {
        summary: `The caller's own attempts at a video's quiz, latest first (at most ${LISTED_ATTEMPTS})`,
        params,
        response: { 200: envelopeSchema(z.array(attemptSchema)) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(200, 'Attempts', await quiz.attempts(principal.userId, request.params.videoId));
    },
  );

  app.get(
    quizApi.stats.pattern,
    {
      schema: {
        summary:
          "Per question of a video's quiz, how many attempts answered it and got it right (owner only)",
        params,
        response: { 200: envelopeSchema(z.array(questionStatsSchema)) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(200, 'Practice results', await quiz.stats(principal.userId, request.params.videoId));
    },
  );
};
