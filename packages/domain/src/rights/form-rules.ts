import { RIGHT_FLAGS, type TPortalRights, type TRightFlag } from './flags';

/** Flags a user restricted to customers may never hold (docs/users.md, "Right checkboxes"). */
export const FLAGS_CLEARED_BY_CUSTOMERS: readonly TRightFlag[] = ['administrator', 'addCustomer', 'deleteCustomer', 'userManagement'];

/**
 * The checkbox rules of the user forms, applied by the web form and again by the server on save:
 * - choosing customers forces administrator, addCustomer, deleteCustomer and userManagement off;
 * - administrator implies every other flag;
 * - gatewayManagement implies gatewayView.
 */
export function normalizeRightFlags(flags: Partial<TPortalRights>, customers: readonly string[]): TPortalRights {
  const result = Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, flags[flag] === true])) as TPortalRights;
  if (customers.length > 0) for (const flag of FLAGS_CLEARED_BY_CUSTOMERS) result[flag] = false;
  if (result.administrator) for (const flag of RIGHT_FLAGS) result[flag] = true;
  if (result.gatewayManagement) result.gatewayView = true;
  return result;
}

/** Which checkboxes a form shows disabled, and why they are locked. */
export function disabledRightFlags(flags: Partial<TPortalRights>, customers: readonly string[]): Set<TRightFlag> {
  const disabled = new Set<TRightFlag>();
  if (customers.length > 0) FLAGS_CLEARED_BY_CUSTOMERS.forEach((flag) => disabled.add(flag));
  if (flags.administrator) RIGHT_FLAGS.filter((flag) => flag !== 'administrator').forEach((flag) => disabled.add(flag));
  if (flags.gatewayManagement) disabled.add('gatewayView');
  return disabled;
}

/** Who edits a user: an administrator, or the flags they hold (normalized: gatewayManagement holds gatewayView). */
export interface TRightsEditor {
  administrator: boolean;
  flags: Partial<TPortalRights>;
}

/**
 * The flags an editor may not switch on in a user form, the server's rule (docs/users.md,
 * "Who may grant what"): only an administrator makes an administrator, and nobody grants a right
 * they do not hold. A flag the edited user has already may stay or be taken away.
 */
export function ungrantableRightFlags(editor: TRightsEditor, before: Partial<TPortalRights> = {}): Set<TRightFlag> {
  const refused = new Set<TRightFlag>();
  if (editor.administrator) return refused;
  for (const flag of RIGHT_FLAGS) {
    if (before[flag] === true) continue;
    if (flag === 'administrator' || editor.flags[flag] !== true) refused.add(flag);
  }
  return refused;
}
