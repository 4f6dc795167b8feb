import { RIGHT_FLAGS, type TRightFlag } from './flags';
import type { TPortalRights } from './schemas';

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

/** A user as far as "who may manage whom" goes: administrator or not, the flags and the customers (none is every customer). */
export interface TRightsScope {
  administrator: boolean;
  flags: Partial<TPortalRights>;
  customers: readonly string[];
}

/**
 * What a user holds beyond an editor (docs/users.md, "Who may manage whom"): the flags the target
 * holds that the editor does not, and whether the target sees customers outside the editor's
 * (a user without customers sees every customer). A user manager changes or deletes a user only
 * when both are empty; an administrator holds everything.
 */
export function heldBeyond(editor: TRightsScope, target: TRightsScope): { flags: TRightFlag[]; customers: boolean } {
  if (editor.administrator) return { flags: [], customers: false };
  const editorFlags = normalizeRightFlags(editor.flags, editor.customers);
  const targetFlags = normalizeRightFlags(target.administrator ? { administrator: true } : target.flags, target.customers);
  const flags = RIGHT_FLAGS.filter((flag) => targetFlags[flag] && !editorFlags[flag]);
  const editorCustomers = new Set(editor.customers);
  const customers = editor.customers.length > 0 && (target.customers.length === 0 || target.customers.some((name) => !editorCustomers.has(name)));
  return { flags, customers };
}
