import { z } from 'zod';
import { USER_LANGUAGES } from './constants';
import { RIGHT_FLAGS, type TRightFlag } from './rights/flags';
import { ZRightEntry } from './rights/schemas';
import { MESSAGE } from './validation/message-key';
import { ZAlarmNotifications } from './alarms/notifications';
import { zEmail, zPassword, zRequiredPassword, zRequiredText } from './validation/validators';

/** Right flags as a form or request sends them: any subset, missing means off. */
export const ZRightFlagsInput = z
  .object(Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, z.boolean().optional()])) as { [K in TRightFlag]: z.ZodOptional<z.ZodBoolean> })
  .strict();

const ZAlerts = z.object({ emailAlerts: z.boolean() });
const ZCustomerNames = z.array(zRequiredText(200)).max(1000);

/** POST /users (docs/users.md, "Screens"). `type` and `tokens` are not accepted. */
export const ZUserCreate = z.object({
  firstName: zRequiredText(100),
  lastName: zRequiredText(100),
  email: zEmail(),
  language: z.enum(USER_LANGUAGES, { error: MESSAGE.required }).default('nl'),
  password: zRequiredPassword(),
  customers: ZCustomerNames.default([]),
  portal: z.object({ rights: ZRightFlagsInput }).default({ rights: {} }),
  flush: ZAlerts.optional(),
  overflowDetection: ZAlerts.optional(),
  /** The monthly logbook by e-mail (docs/logbook.md, "Monthly by e-mail"); off when absent. */
  logbookEmails: z.boolean().optional(),
  /** Alarm notifications (docs/alarm-notifications.md); when sent, it decides the two toggles' kinds. */
  alarmNotifications: ZAlarmNotifications.optional(),
});
export type TUserCreate = z.infer<typeof ZUserCreate>;

/**
 * PATCH /users/{email} (docs/users.md, "Form rules"). An empty password is left out of the save;
 * `rights` is accepted for compatibility but always derived again from the flags.
 */
export const ZUserPatch = z.object({
  firstName: zRequiredText(100).optional(),
  lastName: zRequiredText(100).optional(),
  email: zEmail().optional(),
  language: z.enum(USER_LANGUAGES).optional(),
  password: zPassword().optional(),
  /** Needed when the caller changes their own password or e-mail address here (as on PATCH /users/current). */
  currentPassword: z.string().max(200).optional(),
  customers: ZCustomerNames.optional(),
  portal: z.object({ rights: ZRightFlagsInput }).optional(),
  flush: ZAlerts.optional(),
  overflowDetection: ZAlerts.optional(),
  logbookEmails: z.boolean().optional(),
  alarmNotifications: ZAlarmNotifications.optional(),
  rights: z.array(ZRightEntry).optional(),
});
export type TUserPatch = z.infer<typeof ZUserPatch>;

/**
 * PATCH /users/current and /administrators/current (docs/architecture.md, "Authentication": own account). A new password or
 * e-mail address needs the current password, checked on the server. The two alert toggles and the
 * monthly logbook toggle are the user's own choice.
 */
export const ZAccountPatch = z.object({
  firstName: zRequiredText(100).optional(),
  lastName: zRequiredText(100).optional(),
  email: zEmail().optional(),
  language: z.enum(USER_LANGUAGES).optional(),
  password: zPassword().optional(),
  currentPassword: z.string().max(200).optional(),
  /** The user's own e-mail alerts (docs/alerts.md). */
  flush: ZAlerts.optional(),
  overflowDetection: ZAlerts.optional(),
  /** The user's own monthly logbook by e-mail (docs/logbook.md). */
  logbookEmails: z.boolean().optional(),
  /** The user's own alarm notifications (docs/alarm-notifications.md). */
  alarmNotifications: ZAlarmNotifications.optional(),
});

/** Fields of a user that the own-account routes never write: sending them is a 403 naming them. */
export const ACCOUNT_READ_ONLY_FIELDS = ['customers', 'portal', 'rights', 'type', 'tokens'] as const;
export type TAccountPatch = z.infer<typeof ZAccountPatch>;
