import { ZApiError, type TApiError } from '@aquasmart/domain';

/** Message key used when a failing response carries no key of its own. */
export function defaultErrorKey(status: number): string {
  if (status === 0) return 'errors.unavailable';
  if (status === 400) return 'errors.badRequest';
  if (status === 401) return 'errors.unauthorized';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.notFound';
  if (status === 409) return 'errors.conflict';
  if (status === 413) return 'errors.payloadTooLarge';
  if (status === 429) return 'errors.tooManyAttempts';
  if (status === 503) return 'errors.unavailable';
  return 'errors.internal';
}

/** A failed API call: the HTTP status (0 when the server could not be reached) and the JSON error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: TApiError | null;

  constructor(status: number, method: string, url: string, body: unknown) {
    const parsed = ZApiError.safeParse(body);
    const apiError = parsed.success ? parsed.data : null;
    super(apiError?.message ?? `${method} ${url} failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.method = method;
    this.url = url;
    this.body = apiError;
  }

  /** The message key to translate: the server's key, or one derived from the status. */
  get key(): string {
    return this.body?.key ?? defaultErrorKey(this.status);
  }

  /** Field path -> message key, for form errors. */
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
