import type { FastifyRequest } from 'fastify';
import {
  deriveRightEntries,
  isAdministrator as isAdministratorUser,
  normalizeRightFlags,
  OPERATIONS,
  USER_TYPE_ADMINISTRATOR,
  type TOperationName,
  type TRightEntry,
  type TRightEntryType,
} from '@aquasmart/domain';
import { ApiError } from '../lib/api-error';
import type { TAuthUser } from '../modules/users/user-repository';

/**
 * The entries a user holds. They are derived from the user's flags with the same function that
 * fills the saved `rights` list, so a change of the catalogue takes effect at once and a
 * stale saved list can never grant more than the flags do.
 */
export function entriesOf(user: TAuthUser): TRightEntry[] {
  return deriveRightEntries(effectiveFlags(user), user.type === USER_TYPE_ADMINISTRATOR);
}

/**
 * The flags that count: the form rules applied again, so a user restricted to customers never
 * acts as administrator or user manager even if the stored flags say so.
 */
export function effectiveFlags(user: TAuthUser) {
  return normalizeRightFlags(user.portal.rights, user.customers.map((customer) => customer.name));
}

export function isAdministrator(user: TAuthUser): boolean {
  return user.type === USER_TYPE_ADMINISTRATOR || (isAdministratorUser(user) && effectiveFlags(user).administrator);
}

export function holdsEntry(user: TAuthUser, path: string, types: readonly TRightEntryType[]): boolean {
  if (isAdministrator(user)) return true;
  return entriesOf(user).some((entry) => entry.path === path && types.includes(entry.type));
}

export function mayWriteField(user: TAuthUser, path: string): boolean {
  return holdsEntry(user, path, ['rw', 'wo']);
}

/**
 * Refuses with 403, naming the fields, when a write changes fields the caller may not write.
 * `changed` lists the field paths (catalogue paths) the request would change.
 */
export function assertMayWrite(user: TAuthUser, changed: readonly string[]): void {
  const refused = changed.filter((path) => !mayWriteField(user, path));
  if (refused.length) {
    throw ApiError.forbidden(
      `Not allowed to change: ${refused.join(', ')}`,
      Object.fromEntries(refused.map((path) => [path, 'errors.forbidden'])),
    );
  }
}

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
  const { access } = OPERATIONS[operationId];
  if (access === 'public' || access === 'signedIn' || access === 'read') return;
  if (access === 'admin' ? isAdministrator(user) : holdsEntry(user, operationId, ['route'])) return;
  throw ApiError.forbidden(`Insufficient rights for ${operationId}`);
}
