import { z } from 'zod';
import { USER_LANGUAGES } from './constants';
import { MESSAGE } from './validation/message-key';
import { zEmail } from './validation/validators';
import { ZPortalRights, ZRightEntry } from './rights/schemas';
import { ZAlarmNotifications } from './alarms/notifications';

/** The login form (docs/screens.md, "Forms and validation messages"): e-mail required, valid and trimmed; password required. */
export const ZLoginForm = z.object({
  email: zEmail(),
  password: z.string({ error: MESSAGE.required }).min(1, { error: MESSAGE.required }),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZTokenResponse = z.object({ token: z.string() });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** The current user as the server returns it: never the password hash, never tokens. */
export const ZCurrentUser = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  type: z.string().nullable(),
  language: z.enum(USER_LANGUAGES),
  customers: z.array(z.string()),
  portal: z.object({ rights: ZPortalRights }),
  rights: z.array(ZRightEntry),
  flush: z.object({ emailAlerts: z.boolean() }),
  overflowDetection: z.object({ emailAlerts: z.boolean() }),
  /** The monthly logbook by e-mail (docs/logbook.md). */
  logbookEmails: z.boolean(),
  /** Alarm notifications (docs/alarm-notifications.md); flush/overflowDetection above mirror two of its kinds. */
  alarmNotifications: ZAlarmNotifications,
  /** The phone number SMS go to, and whether a code sent to it was confirmed (docs/alarm-notifications.md, "Phone number"). */
  phone: z.object({ number: z.string().nullable(), verified: z.boolean() }).optional(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** The JSON error body of every failing API call (docs/architecture.md, "HTTP"). */
export const ZApiError = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  key: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Values for the message of `key`, e.g. the counts of what is in the way of a delete. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
