import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '../../shared/contracts/envelope.ts';
import { isUnstorableText } from '../db/errors.ts';
import { AppError } from '../errors.ts';
import { IdempotentReplay, sendReplay } from './idempotency.ts';
import { findUnstorable } from './text-guard.ts';

const GENERIC_5XX = 'Something went wrong on our side. Please try again in a moment.';

/** Fastify's own 4xx errors carry codes; these are the ones whose text we put in plain words. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This request body type is not supported',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is shorter or longer than its Content-Length',
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'The address has a part that is too long to be an id',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
};

function envelope(statusCode: number, message: string, errors?: FieldError[]): ErrorEnvelope {
  // Every error answer names at least one problem (docs/api.md, "Errors").
  return { statusCode, success: false, message, data: null, errors: errors?.length ? errors : [{ message }] };
}

/** How long, and how much, a refused body is still read after its refusal (docs/api.md). */
export interface Lingering {
  ms: number;
  bytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    lingering: Lingering;
  }
}

export const DEFAULT_LINGERING: Lingering = { ms: 5000, bytes: 64 * 1024 * 1024 };
/** A client that sent nothing for this long has stopped sending: the connection is closed. */
const LINGER_IDLE_MS = 1000;
const lingers = new WeakSet<Socket>();

/**
 * Closes `socket` the way nginx's lingering_close does, once the answer is written. Closing at
 * once, with the client's bytes still arriving, makes the kernel reset the connection: the client
 * sees a broken pipe and loses the answer it was about to read. So the answer is sent and our
 * side of the connection ended, and what the client goes on sending is read and thrown away until
 * it stops (ends, or sends nothing for a second), or until the time or byte bound is reached;
 * only then is the socket destroyed.
 */
function lingerBeforeClosing(socket: Socket, lingering: Lingering): void {
  if (lingers.has(socket)) return;
  lingers.add(socket);
  // Node's HTTP server calls destroySoon once the answer to a `Connection: close` request is
  // written; this socket's own replaces it. Node goes on parsing the rest of the request and
  // dropping it (the request is dumped), so reading continues without anyone buffering it.
  socket.destroySoon = () => closeLingering(socket, lingering);
}

function closeLingering(socket: Socket, { ms, bytes }: Lingering): void {
  socket.end();
  const first = socket.bytesRead;
  const began = Date.now();
  let last = first;
  let lastArrival = began;
  const stop = () => {
    clearInterval(poll);
    socket.destroy();
  };
  const poll = setInterval(() => {
    const now = Date.now();
    const read = socket.bytesRead;
    if (read !== last) [last, lastArrival] = [read, now];
    if (read - first > bytes || now - began > ms || now - lastArrival > LINGER_IDLE_MS) stop();
  }, 50);
  socket.once('end', stop);
  socket.once('close', () => clearInterval(poll));
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  errors?: FieldError[],
): FastifyReply {
  // A refusal sent before the body was read (413 from the declared length, 401 before an upload)
  // closes the connection, so that the rest of a large body is not read in full; it is read for
  // a bounded time first, so that the client is still there to read the answer.
  if (!reply.request.raw.complete && hasBody(reply.request)) {
    reply.header('connection', 'close');
    const socket = reply.request.raw.socket as Socket | null;
    if (socket) lingerBeforeClosing(socket, reply.server.lingering ?? DEFAULT_LINGERING);
  }
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(envelope(statusCode, message, errors));
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function validationErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = v.message ?? 'is not valid';
    return field ? { field, message } : { message };
  });
}

/**
 * Refusals made before any route runs (a broken %-escape, an id longer than a route allows):
 * Fastify's router hands them here instead of its own handler, so they answer the envelope too.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, reply) => {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void sendError(reply, status, FASTIFY_MESSAGES[error.code] ?? 'The request could not be read');
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * Requests that Node's HTTP parser refuses (headers over 16 KB, a URL of 70 KB, Content-Length
 * beside Transfer-Encoding) never reach Fastify: this writes the envelope on the raw socket.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // Answered already and lingering: Node 24 hands each later chunk of the broken body to the
  // parser again, and each is one more parse error for a socket that is closing as it should.
  if (lingers.has(socket)) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request headers (cookies or the address) are too large'
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const body = JSON.stringify(envelope(status, message));
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  // A body that broke the parser part-way (a bad chunk size) may still be arriving: read and
  // dropped for a bounded time, as after any refusal, so the client reads this answer.
  lingers.add(socket);
  closeLingering(socket, DEFAULT_LINGERING);
}

/**
 * One error handler for the whole server: every failure becomes the contract's envelope, 5xx
 * answers never carry internal detail, and unknown /api paths answer a JSON 404.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown,
  lingering: Lingering = DEFAULT_LINGERING,
): void {
  app.decorate('lingering', lingering);
  // Text no column can hold (NUL) is refused before validation, wherever it is, on either database.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const where = findUnstorable(value);
      if (where) {
        throw new AppError(400, `Some ${part} fields are not valid`, [
          {
            ...(where.length ? { field: where.join('.') } : {}),
            message: 'must not contain the NUL character',
          },
        ]);
      }
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof IdempotentReplay) return sendReplay(reply, error);
    if (error instanceof AppError) {
      return sendError(reply, error.statusCode, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      return sendError(reply, 400, `Some ${where} fields are not valid`, validationErrors(error));
    }
    // A last guard behind the check above: never a 5xx for text the database refuses.
    if (isUnstorableText(error)) {
      return sendError(reply, 400, 'Some fields hold characters that cannot be stored');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message;
      return sendError(reply, status, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status >= 500 && status < 600 ? status : 500, GENERIC_5XX);
  });

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/') || !notFoundFallback) {
      return sendError(reply, 404, `No route for ${request.method} ${urlPath}`);
    }
    return notFoundFallback(request, reply);
  });
}
