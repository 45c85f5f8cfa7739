import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_VERSION } from '../../../shared/contracts/uploads.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { sendError } from '../../plugins/errors.ts';
import { trackUpload } from '../../plugins/uploads.ts';
import type { UploadsService } from './uploads.service.ts';
import { uploadsApi } from '../../../shared/endpoints/uploads.ts';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
}

/**
 * The OpenAPI words of a tus route. Only words: the protocol's headers are checked by tus itself,
 * and a schema here would have Fastify refuse requests before tus could answer them its own way.
 */
const tusDoc = (summary: string, description: string) => ({ summary, description, tags: ['uploads'] });

/** Headers that describe the Fastify side of the exchange, not the tus answer. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive']);

/**
 * tus 1.0.0 at /api/v1/uploads, in a plugin scope of its own: the content-type parser below
 * leaves `application/offset+octet-stream` bodies unread, so tus streams them straight to disk.
 * Fastify's hooks still run first (session, Origin rule, rate limits), then these routes check
 * who may do what, and tus does the protocol. Its refusals are rewritten into the envelope.
 */
export const uploadsRoutes: FastifyPluginAsync<UploadsRoutesOptions> = async (app, { uploads }) => {
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  // tus 1.0.0 asks every answer but OPTIONS to say which version it is in, and a request in a
  // version this server does not speak to be refused with 412 and the versions it does speak.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'OPTIONS') reply.header('tus-resumable', TUS_VERSION);
    // The store could take an upload whose length is said later; this server asks for it at
    // creation (checkCreation), so discovery does not offer that extension.
    const extensions = reply.getHeader('tus-extension');
    if (typeof extensions === 'string') {
      const offered = extensions.split(',').filter((e) => e.trim() !== 'creation-defer-length');
      reply.header('tus-extension', offered.join(','));
    }
    if (reply.statusCode === 412) reply.header('tus-version', TUS_VERSION);
  });
  app.addHook('preHandler', async (request) => {
    if (request.method === 'OPTIONS' || request.headers['tus-resumable'] === TUS_VERSION) return;
    throw new AppError(412, `Send Tus-Resumable: ${TUS_VERSION}`, [
      { field: 'Tus-Resumable', message: `must be ${TUS_VERSION}` },
    ]);
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply, creator?: string) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // HTTP/2's pseudo-headers (`:path`, `:authority`...) are not header names to a Headers object.
      if (value === undefined || name.startsWith(':')) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody =
      request.method === 'PATCH' ||
      (request.method === 'POST' && Number(request.headers['content-length'] ?? 0) > 0);
    const webRequest = new Request(`http://uploads.invalid${request.url}`, {
      method: request.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const response = hasBody
      ? await trackUpload(() => uploads.handle(webRequest, creator))
      : await uploads.handle(webRequest, creator);

    for (const [name, value] of response.headers) {
      if (!HOP_HEADERS.has(name)) reply.header(name, value);
    }
    const text = await response.text();
    if (response.status >= 400) {
      // tus writes its refusals as plain text: keep its words, in the contract's envelope.
      const message = text.trim() || 'The upload was refused';
      return sendError(reply, response.status, message);
    }
    reply.code(response.status);
    return text ? reply.type('text/plain; charset=utf-8').send(text) : reply.send();
  };

  const routeConfig = { idempotent: false } as const;

  // Discovery: which version, extensions and largest size this server takes. Open to anyone,
  // signed in or not, as a client asks before it has anything to send.
  const discovery = tusDoc(
    'What this server takes (tus discovery)',
    'Answers 204 with Tus-Version, Tus-Extension (creation, creation-with-upload, termination, expiration) and Tus-Max-Size. Open to anyone.',
  );
  app.options(uploadsApi.discover.pattern, { schema: discovery }, (request, reply) =>
    forward(request, reply),
  );
  app.options(uploadsApi.discoverOne.pattern, { schema: discovery }, (request, reply) =>
    forward(request, reply),
  );

  const creation = tusDoc(
    'Start a resumable upload (tus creation)',
    'Headers: Tus-Resumable 1.0.0, Upload-Length (bytes, within the video limit), Upload-Metadata (filename, filetype: a video type). ' +
      'Answers 201 with Location: /api/v1/uploads/{uploadId}; a body of Content-Type application/offset+octet-stream is taken as the first bytes. ' +
      'Finish with POST /api/v1/videos and { uploadId }.',
  );
  app.post(uploadsApi.create.pattern, { config: routeConfig, schema: creation }, async (request, reply) => {
    const principal = requireUser(request);
    const header = (name: string) => {
      const v = request.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    await uploads.checkCreation(principal.userId, header('upload-length'), header('upload-metadata'));
    return forward(request, reply, principal.userId);
  });

  app.route({
    method: [...uploadsApi.resume.method],
    url: uploadsApi.resume.pattern,
    config: routeConfig,
    schema: tusDoc(
      'Resume, send or cancel an upload (tus core and termination)',
      'HEAD answers Upload-Offset and Upload-Length, so a client resumes where the bytes stopped. ' +
        'PATCH sends bytes from Upload-Offset (Content-Type application/offset+octet-stream) and answers 204 with the new offset; ' +
        "a wrong offset is a 409. DELETE cancels it (204). Only the upload's creator reaches it: anyone else gets a 404.",
    ),
    handler: async (request, reply) => {
      const principal = requireUser(request);
      const { uploadId } = request.params as { uploadId: string };
      // Anyone but the creator is told there is nothing here, as for an id that never existed.
      if (!(await uploads.canReach(principal.userId, uploadId))) {
        throw new AppError(404, 'There is no such upload (it may have expired)');
      }
      return forward(request, reply);
    },
  });
};
