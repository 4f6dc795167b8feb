import { isHttpError } from './http-error';

/**
 * Whether a failure means the server was not reached at all (no network, a cut connection, a
 * time-out): our client's status 0, or fetch's own TypeError where a call bypasses the client.
 * Such a failure says "Geen verbinding" (docs/screens.md, "Lost connection"), never an empty list.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (isHttpError(error)) return error.status === 0;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}
