import { isAdministrator, type TCurrentUser, type TRightFlag, type TRightsHolder } from '@aquasmart/domain';

/**
 * A route guard as data (docs/screens.md, "Guards"): a list of alternatives, each a list of rights
 * that must all be held. Full administrators (type Administrator or the administrator right)
 * always pass. An empty list means "administrators only"; no guard means "every signed-in user".
 */
export type TGuard = readonly (readonly TRightFlag[])[];

export const ADMIN_ONLY: TGuard = [];

/** Admin or any one of these rights. */
export function anyOf(...flags: TRightFlag[]): TGuard {
  return flags.map((flag) => [flag]);
}

/** Admin or all of these rights together. */
export function allOf(...flags: TRightFlag[]): TGuard {
  return [flags];
}

export function passesGuard(user: TRightsHolder | TCurrentUser | null | undefined, guard: TGuard | undefined): boolean {
  if (!guard) return true;
  if (!user) return false;
  if (isAdministrator(user)) return true;
  const rights = user.portal?.rights ?? {};
  return guard.some((alternative) => alternative.length > 0 && alternative.every((flag) => rights[flag] === true));
}
