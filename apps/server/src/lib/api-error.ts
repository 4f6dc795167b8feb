import { ERROR, type TMessageParams } from '@aquasmart/domain';

/**
 * An expected failure with an HTTP status and a message key for the web app to translate.
 * `message` is a plain English sentence for logs and API clients.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly params?: TMessageParams,
    /** Headers the answer carries, e.g. Retry-After of a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  static badRequest(message: string, fields?: Record<string, string>, key: string = ERROR.badRequest) {
    return new ApiError(400, key, message, fields);
  }
  static unauthorized(message = 'Missing, unknown or expired access token', key: string = ERROR.unauthorized) {
    return new ApiError(401, key, message);
  }
  static forbidden(message = 'Insufficient rights', fields?: Record<string, string>) {
    return new ApiError(403, ERROR.forbidden, message, fields);
  }
  static notFound(message = 'Not found') {
    return new ApiError(404, ERROR.notFound, message);
  }
  static conflict(message: string, key: string = ERROR.conflict, params?: TMessageParams) {
    return new ApiError(409, key, message, undefined, params);
  }
}
