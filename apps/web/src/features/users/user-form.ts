import { z } from 'zod';
import {
  emptyRights,
  MESSAGE,
  normalizeRightFlags,
  RIGHT_FLAGS,
  USER_LANGUAGES,
  zEmail,
  zPassword,
  zRequiredPassword,
  zRequiredText,
  type TAccountPatch,
  type TPortalRights,
  type TRightFlag,
  type TUserCreate,
  type TUserPatch,
} from '@aquasmart/domain';
import type { TUser } from './api/users-api';
import { alarmNotificationsToForm, emptyAlarmNotificationsForm, toAlarmNotifications, ZAlarmNotificationsForm } from './alarm-notifications-form';

/**
 * The values of the user forms (docs/users.md) and of the own
 * account form, with the rules of docs/users.md ("Form rules" and "Screens").
 */
const ZRights = z.object(Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, z.boolean()])) as { [K in TRightFlag]: z.ZodBoolean });

const userFields = {
  firstName: zRequiredText(100),
  lastName: zRequiredText(100),
  email: zEmail(),
  language: z.enum(USER_LANGUAGES, { error: MESSAGE.required }),
  confirmPassword: z.string(),
  /** Only on one's own account: a new password or e-mail address needs it (as on /users/current). */
  currentPassword: z.string(),
  customers: z.array(z.string()),
  rights: ZRights,
  /** The alarm notifications (docs/alarm-notifications.md); they include the two former alert toggles. */
  alarmNotifications: ZAlarmNotificationsForm,
  logbookEmails: z.boolean(),
};

/** Confirmation must equal the password; with no password entered the match is skipped. */
function passwordsMatch(values: { password: string; confirmPassword: string }, ctx: z.RefinementCtx, field = 'confirmPassword'): void {
  if (values.password === '' && values.confirmPassword === '') return;
  if (values.password !== values.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: [field], message: MESSAGE.passwordMismatch });
  }
}

export const ZUserCreateForm = z.object({ ...userFields, password: zRequiredPassword() }).superRefine((values, ctx) => passwordsMatch(values, ctx));

export const ZUserEditForm = z.object({ ...userFields, password: zPassword() }).superRefine((values, ctx) => passwordsMatch(values, ctx));

/** Form fields the server may name in `fields` (others are shown by the snackbar only). */
export const USER_FORM_FIELDS = ['firstName', 'lastName', 'email', 'language', 'password', 'currentPassword', 'customers'];

export type TUserFormValues = z.input<typeof ZUserEditForm>;

export function emptyUserForm(): TUserFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    language: 'nl',
    password: '',
    confirmPassword: '',
    currentPassword: '',
    customers: [],
    rights: emptyRights(),
    alarmNotifications: emptyAlarmNotificationsForm(),
    logbookEmails: false,
  };
}

/** A loaded user as form values (type and tokens are never edited; passwords start empty). */
export function userToForm(user: TUser): TUserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    language: user.language,
    password: '',
    confirmPassword: '',
    currentPassword: '',
    customers: [...user.customers],
    rights: normalizeRightFlags(user.portal.rights, user.customers),
    alarmNotifications: alarmNotificationsToForm(user.alarmNotifications),
    logbookEmails: user.logbookEmails,
  };
}

export function toCreateBody(values: TUserFormValues): TUserCreate {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    language: values.language,
    password: values.password,
    customers: values.customers,
    portal: { rights: normalizeRightFlags(values.rights, values.customers) },
    alarmNotifications: toAlarmNotifications(values.alarmNotifications),
    logbookEmails: values.logbookEmails,
  };
}

/** Whether saving one's own account on the user form changes the password or e-mail: both need the current password. */
export function ownChangeNeedsCurrentPassword(values: Pick<TUserFormValues, 'password' | 'email'>, currentEmail: string): boolean {
  return values.password !== '' || values.email.trim().toLowerCase() !== currentEmail.toLowerCase();
}

/**
 * PATCH body (docs/users.md, "Form rules"); an empty password is left out of the save. `own` is
 * the e-mail address of one's own account when that is the account edited: a new password or
 * e-mail address then carries the current password.
 */
export function toPatchBody(values: TUserFormValues, own?: { email: string }): TUserPatch {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    customers: values.customers,
    ...(values.password ? { password: values.password } : {}),
    ...(own && ownChangeNeedsCurrentPassword(values, own.email) ? { currentPassword: values.currentPassword } : {}),
    portal: { rights: normalizeRightFlags(values.rights, values.customers) },
    alarmNotifications: toAlarmNotifications(values.alarmNotifications),
    logbookEmails: values.logbookEmails,
  };
}

/**
 * One checkbox changed: the checkbox rules (docs/users.md, "Right checkboxes") run again over the new flags.
 * Turning administrator off restores the flags that were ticked before it was turned on
 * (`beforeAdministrator`); without that record (an account loaded as administrator) every box
 * goes off: nobody silently keeps every right.
 */
export function toggleRight(
  rights: TPortalRights,
  customers: readonly string[],
  flag: TRightFlag,
  checked: boolean,
  beforeAdministrator: Partial<TPortalRights> | null = null,
): TPortalRights {
  if (flag === 'administrator' && !checked && rights.administrator) {
    return normalizeRightFlags({ ...(beforeAdministrator ?? {}), administrator: false }, customers);
  }
  return normalizeRightFlags({ ...rights, [flag]: checked }, customers);
}

/** The own account form (docs/users.md, "Screens"): three password fields, all or none; the alarm notifications and the monthly logbook toggle. */
export const ZAccountForm = z
  .object({
    firstName: zRequiredText(100),
    lastName: zRequiredText(100),
    email: zEmail(),
    language: z.enum(USER_LANGUAGES, { error: MESSAGE.required }),
    currentPassword: z.string(),
    password: zPassword(),
    confirmPassword: z.string(),
    alarmNotifications: ZAlarmNotificationsForm,
    logbookEmails: z.boolean(),
  })
  .superRefine((values, ctx) => {
    // A new password needs all three; the current password alone is what a new e-mail address needs.
    const fields = ['currentPassword', 'password', 'confirmPassword'] as const;
    if (values.password !== '' || values.confirmPassword !== '') {
      for (const field of fields) {
        if (values[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: MESSAGE.required });
      }
    }
    if (values.password !== '' && values.confirmPassword !== '' && values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGE.passwordMismatch });
    }
  });

export type TAccountFormValues = z.input<typeof ZAccountForm>;

export function accountToForm(user: TUser): TAccountFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    language: user.language,
    currentPassword: '',
    password: '',
    confirmPassword: '',
    alarmNotifications: alarmNotificationsToForm(user.alarmNotifications),
    logbookEmails: user.logbookEmails,
  };
}

/** Whether a save changes the password or the e-mail address: both need the current password. */
export function needsCurrentPassword(values: TAccountFormValues, currentEmail: string): boolean {
  return values.password !== '' || values.email.trim().toLowerCase() !== currentEmail.toLowerCase();
}

export function toAccountBody(values: TAccountFormValues, currentEmail: string): TAccountPatch {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    language: values.language,
    ...(values.password ? { password: values.password } : {}),
    ...(needsCurrentPassword(values, currentEmail) ? { currentPassword: values.currentPassword } : {}),
    alarmNotifications: toAlarmNotifications(values.alarmNotifications),
    logbookEmails: values.logbookEmails,
  };
}

export function fullName(user: Pick<TUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}
