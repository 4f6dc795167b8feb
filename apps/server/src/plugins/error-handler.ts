import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR, MESSAGE, type TApiError } from '@aquasmart/domain';
import { ApiError } from '../lib/api-error';
import { isCanceledStatement, isDatabaseUnreachable } from '../db/db-errors';
import { STATUS_CODES } from 'node:http';

export type TErrorBody = TApiError;

export function errorBody(statusCode: number, message: string, extra: Partial<TErrorBody> = {}): TErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

const KEY_BY_STATUS: Record<number, string> = {
  400: ERROR.badRequest,
  401: ERROR.unauthorized,
  403: ERROR.forbidden,
  404: ERROR.notFound,
  409: ERROR.conflict,
  413: ERROR.payloadTooLarge,
  415: ERROR.badRequest,
  429: ERROR.tooManyAttempts,
};

/**
 * Every failure leaves as `{ statusCode, error, message, key?, fields? }` (docs/architecture.md, "HTTP").
 * Validation failures name each field with its message key; unexpected errors are logged and
 * answered with a 500 that reveals nothing of the cause.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(errorBody(error.statusCode, error.message, { key: error.key, fields: error.fields, params: error.params }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? '_');
        if (!(path in fields)) fields[path] = issue.message?.startsWith('validation.') ? issue.message : MESSAGE.invalid;
      }
      const names = Object.keys(fields).join(', ');
      return reply.status(400).send(errorBody(400, `Invalid ${error.validationContext ?? 'input'}: ${names}`, { key: ERROR.badRequest, fields }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'Internal server error', { key: ERROR.internal }));
    }
    if (isCanceledStatement(error)) {
      // The API's statement timeout (docs/operations-limits.md): a bounded wait, not a failure of ours.
      request.log.warn({ err: error }, 'statement cancelled (statement timeout)');
      return reply
        .status(503)
        .send(errorBody(503, 'The query took too long and was cancelled; narrow the conditions or try again later', { key: ERROR.queryTimeout }));
    }
    if (isDatabaseUnreachable(error)) {
      // PostgreSQL down, restarting or cut off: the same request works once it is back.
      request.log.error({ err: error }, 'database unreachable');
      return reply.status(503).send(errorBody(503, 'The server is temporarily unavailable; try again later', { key: ERROR.unavailable }));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(statusCode).send(errorBody(statusCode, 'Internal server error', { key: ERROR.internal }));
    }
    // Fastify's own client errors: malformed JSON, body too large, wrong content type ...
    return reply.status(statusCode).send(errorBody(statusCode, error.message, { key: KEY_BY_STATUS[statusCode] ?? ERROR.badRequest }));
  });
}
