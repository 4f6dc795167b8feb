import type { FastifyInstance } from 'fastify';
import { ERROR, findUnstorableText, MESSAGE } from '@aquasmart/domain';
import { ApiError } from '../lib/api-error';

/**
 * One rule for all text input: a path parameter, query parameter or body holding text that
 * PostgreSQL cannot store (NUL, a lone surrogate) is a 400 naming the field, before any route
 * runs. Without it such text failed deep in an INSERT as a 500, and in a group commit it failed
 * every other row of the group too.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnstorableText(value);
      if (field !== null) {
        throw ApiError.badRequest(`Invalid ${part}: ${field} holds characters that cannot be stored`, { [field]: MESSAGE.unstorableText }, ERROR.badRequest);
      }
    }
  });
}
