import type { FastifyRequest } from 'fastify';
import { API_KEY_NOT_ALLOWED, isPeopleOnlyOperation, OPERATIONS, type TOperationName } from '@aquasmart/domain';
import { ApiError } from '../lib/api-error';
import type { TAuthUser } from '../identity/auth-user';
import { holdsEntry, isAdministrator } from '../identity/rights';

export function isKnownOperation(name: string | undefined): name is TOperationName {
  return name !== undefined && Object.hasOwn(OPERATIONS, name);
}

/** Checks the route entry of the route being called (rights issue: the server enforces, not the web app). */
export function authorizeRoute(request: FastifyRequest, user: TAuthUser): void {
  const operationId = request.routeOptions.schema?.operationId;
  if (!isKnownOperation(operationId)) {
    // A route without a catalogued operation name is a programming error: refuse, never allow.
    throw ApiError.forbidden(`Route ${request.routeOptions.url} has no catalogued operation name`);
  }
  if (user.apiKey && isPeopleOnlyOperation(operationId)) {
    // Managing users or keys, one's own account, a session, a signature: a person's (docs/api-keys.md).
    throw new ApiError(403, API_KEY_NOT_ALLOWED, `${operationId} needs a person who signs in; API keys cannot call it`);
  }
  const { access } = OPERATIONS[operationId];
  if (access === 'public' || access === 'signedIn' || access === 'read') return;
  if (access === 'admin' ? isAdministrator(user) : holdsEntry(user, operationId, ['route'])) return;
  throw ApiError.forbidden(`Insufficient rights for ${operationId}`);
}
