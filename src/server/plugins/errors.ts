import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '../../shared/contracts/envelope.ts';
import { AppError } from '../errors.ts';

const GENERIC_5XX = 'Something went wrong on our side. Please try again in a moment.';

/** Fastify's own 4xx errors carry codes; these are the ones whose text we put in plain words. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This request body type is not supported',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  errors?: FieldError[],
): FastifyReply {
  const body: ErrorEnvelope = { statusCode, success: false, message, data: null };
  if (errors && errors.length > 0) body.errors = errors;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
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
 * One error handler for the whole server: every failure becomes the contract's envelope, 5xx
 * answers never carry internal detail, and unknown /api paths answer a JSON 404.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.statusCode, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      return sendError(reply, 400, `Some ${where} fields are not valid`, validationErrors(error));
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
