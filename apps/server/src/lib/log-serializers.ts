/**
 * How errors appear in the log. A failed database query carries its parameters (Drizzle puts
 * them in the message, the stack and a `params` field), and those can be a new password's hash,
 * a token's hash or a customer's data: they never reach the log. PostgreSQL's `detail` (which
 * repeats key values) is left out for the same reason; the SQL text with its placeholders, the
 * error code and the database's own message stay, as that is what a diagnosis needs.
 */
export interface TLoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  query?: string;
  cause?: TLoggedError;
}

const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

function withoutParams(text: string | undefined): string | undefined {
  return text?.replace(PARAMS_LINE, '\nparams: [not logged]');
}

export function serializeError(error: unknown, depth = 0): TLoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const fields = error as Error & { code?: unknown; query?: unknown };
  const logged: TLoggedError = {
    type: error.name,
    message: withoutParams(error.message) ?? '',
    stack: withoutParams(error.stack) ?? '',
  };
  if (typeof fields.code === 'string') logged.code = fields.code;
  if (typeof fields.query === 'string') logged.query = fields.query;
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

export const LOG_SERIALIZERS = { err: serializeError, error: serializeError };
