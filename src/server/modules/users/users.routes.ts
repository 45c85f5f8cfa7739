import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { pagedSchema, pageQuerySchema } from '../../../shared/contracts/pagination.ts';
import {
  addHistorySchema,
  changePasswordSchema,
  channelProfileSchema,
  currentUserSchema,
  historyVideoSchema,
  loginResultSchema,
  loginSchema,
  refreshSchema,
  sessionTokensSchema,
  updateAccountSchema,
} from '../../../shared/contracts/users.ts';
import type { Config } from '../../config.ts';
import { ok } from '../../envelope.ts';
import { AppError } from '../../errors.ts';
import { REFRESH_COOKIE, clearSessionCookies, requireUser, setSessionCookies } from '../../plugins/auth.ts';
import { loginLimit, registerLimit } from '../../plugins/rate-limits.ts';
import { readUpload } from '../../plugins/uploads.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UsersService } from './users.service.ts';
import { usersApi } from '../../../shared/endpoints/users.ts';

export interface UsersRoutesOptions {
  users: UsersService;
  sessions: SessionsService;
  storage: MediaStorage;
  config: Pick<Config, 'maxImageBytes' | 'accessTokenTtlSeconds' | 'refreshTokenTtlDays' | 'rateLimits'>;
}

const nothing = envelopeSchema(z.null());
const multipartNote = (fields: string) => `multipart/form-data with ${fields}`;

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, opts) => {
  const { users, sessions, storage, config } = opts;
  const imageRule = (label: string) => ({ label, maxBytes: config.maxImageBytes });

  app.post(
    usersApi.register.pattern,
    {
      config: { rateLimit: registerLimit(config.rateLimits) },
      schema: {
        summary: 'Create an account',
        description: multipartNote(
          'username, email, fullName, password, avatar (image, required), coverImage (image)',
        ),
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(currentUserSchema) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, storage, {
        avatar: imageRule('Avatar'),
        coverImage: imageRule('Cover image'),
      });
      let user;
      try {
        user = await users.register(upload);
      } finally {
        await upload.cleanup();
      }
      return reply.code(201).send(ok(201, 'Your account was created. Please sign in.', user));
    },
  );

  app.post(
    usersApi.login.pattern,
    {
      config: { rateLimit: loginLimit(config.rateLimits), idempotent: false },
      schema: {
        summary: 'Sign in with username (or email) and password',
        body: loginSchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const { user, tokens } = await users.login(request.body);
      setSessionCookies(request, reply, tokens, config);
      return ok(200, 'Signed in', {
        user,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      });
    },
  );

  app.post(
    usersApi.refreshToken.pattern,
    {
      config: { idempotent: false },
      schema: {
        summary: 'Trade a refresh token (body or cookie) for a new pair',
        body: refreshSchema,
        response: { 200: envelopeSchema(sessionTokensSchema) },
      },
    },
    async (request, reply) => {
      const token = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError(401, 'Sign in again: there is no session to refresh.');
      try {
        const tokens = await sessions.refresh(token);
        setSessionCookies(request, reply, tokens, config);
        return ok(200, 'Session refreshed', {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
        });
      } catch (err) {
        clearSessionCookies(request, reply);
        throw err;
      }
    },
  );

  app.post(
    usersApi.logout.pattern,
    { config: { idempotent: false }, schema: { summary: 'End this session', response: { 200: nothing } } },
    async (request, reply) => {
      const principal = requireUser(request);
      await sessions.end(principal.sessionId);
      clearSessionCookies(request, reply);
      return ok(200, 'Signed out', null);
    },
  );

  app.get(
    usersApi.currentUser.pattern,
    { schema: { summary: 'The signed-in user', response: { 200: envelopeSchema(currentUserSchema) } } },
    async (request, reply) => {
      const principal = requireUser(request);
      reply.header('Cache-Control', 'private, no-cache');
      return ok(200, 'Current user', await users.currentUser(principal.userId));
    },
  );

  app.patch(
    usersApi.updateAccount.pattern,
    {
      schema: {
        summary: 'Change full name and/or email',
        body: updateAccountSchema,
        response: { 200: envelopeSchema(currentUserSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(200, 'Account details updated', await users.updateAccount(principal.userId, request.body));
    },
  );

  app.post(
    usersApi.changePassword.pattern,
    {
      schema: {
        summary: 'Change the password; ends every other session',
        body: changePasswordSchema,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await users.changePassword(principal.userId, principal.sessionId, request.body);
      return ok(200, 'Password changed. Other devices were signed out.', null);
    },
  );

  for (const [path, field, label] of [
    [usersApi.avatar.pattern, 'avatar', 'Avatar'],
    [usersApi.coverImage.pattern, 'coverImage', 'Cover image'],
  ] as const) {
    app.patch(
      path,
      {
        schema: {
          summary: `Replace the ${label.toLowerCase()}`,
          description: multipartNote(`${field} (image)`),
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(currentUserSchema) },
        },
      },
      async (request) => {
        const principal = requireUser(request);
        const upload = await readUpload(request, storage, { [field]: imageRule(label) });
        let user;
        try {
          user = await users.replaceImage(principal.userId, upload, field);
        } finally {
          await upload.cleanup();
        }
        return ok(200, `${label} updated`, user);
      },
    );
  }

  app.get(
    usersApi.channel.pattern,
    {
      schema: {
        summary: "A channel's profile",
        params: z.object({ username: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(channelProfileSchema) },
      },
    },
    async (request) => {
      const profile = await users.channelProfile(request.params.username, request.principal?.userId);
      return ok(200, 'Channel profile', profile);
    },
  );

  app.post(
    usersApi.addHistory.pattern,
    {
      schema: {
        summary: 'Put a video at the front of the watch history and count a view',
        body: addHistorySchema,
        response: {
          200: envelopeSchema(z.object({ videoId: z.string(), views: z.number(), watchedAt: z.string() })),
        },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Added to watch history',
        await users.addToHistory(principal.userId, request.body.videoId),
      );
    },
  );

  app.get(
    usersApi.history.pattern,
    {
      schema: {
        summary: 'The watch history, most recently watched first',
        querystring: pageQuerySchema(20),
        response: { 200: envelopeSchema(pagedSchema(historyVideoSchema)) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      reply.header('Cache-Control', 'private, no-cache');
      return ok(200, 'Watch history', await users.history(principal.userId, request.query));
    },
  );
};
