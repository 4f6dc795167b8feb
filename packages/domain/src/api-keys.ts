import { z } from 'zod';
import type { TRightFlag } from './rights/flags';
import { ZPortalRights } from './rights/schemas';
import type { TOperationName } from './rights/operations';
import { ZRightFlagsInput } from './users';
import { messageKey } from './validation/message-key';
import { zRequiredText } from './validation/validators';
import { API_KEY_EXPIRY_PAST, API_KEY_EXPIRY_TOO_FAR } from './i18n/ui-api-keys';

/**
 * API keys, the service accounts of integrations (docs/api-keys.md; issue 42 item 4). A key is
 * sent as `Authorization: Bearer aqk_...` and acts with its own rights and customers, which its
 * creator chose within their own.
 */

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'aqk_';

/** The longest a key is valid: a year and a day (a key made today for "a year from today" fits on a leap day too). */
export const API_KEY_MAX_DAYS = 366;

/** The last use is written at most this often per key (a busy integration costs no write per call). */
export const API_KEY_LAST_USED_EVERY_SECONDS = 60;

/**
 * Rights a key never holds: managing users (and so keys) and signing a logbook need a person.
 * `administrator` stays possible for an administrator's key; the operations below are refused to
 * every key whatever its flags.
 */
export const API_KEY_REFUSED_FLAGS: readonly TRightFlag[] = ['userManagement', 'signLogbook'];

/**
 * Operations that need a person who signs in, refused to every key with 403 `errors.notForApiKeys`
 * (also for an administrator's key): user and key management, the own account's changes (a key has
 * no password), signing out (a key has no session), the live stream of the web app (it re-checks a
 * session token) and issuing a logbook (a signature, docs/logbook.md "Sign-off").
 */
export const PEOPLE_ONLY_OPERATIONS: readonly TOperationName[] = [
  'GetUsers',
  'PostUser',
  'GetUser',
  'PatchUser',
  'DeleteUser',
  'GetApiKeys',
  'PostApiKey',
  'DeleteApiKey',
  'GetSsoProviders',
  'PostSsoProvider',
  'PatchSsoProvider',
  'DeleteSsoProvider',
  'PatchCurrentUser',
  'PostCurrentPhone',
  'PostCurrentPhoneConfirm',
  'DeleteCurrentPhone',
  'PatchCurrentAdministrator',
  'DeleteAuth',
  'GetEvents',
  'PostLocationIssuedLogbook',
  'PostCustomerIssuedLogbook',
];

export function isPeopleOnlyOperation(name: string): boolean {
  return (PEOPLE_ONLY_OPERATIONS as readonly string[]).includes(name);
}

/** Why an expiry is refused (a message key), or null: in the future and at most API_KEY_MAX_DAYS ahead. */
export function apiKeyExpiryProblem(expiresAt: Date, now: Date): string | null {
  if (!(expiresAt.getTime() > now.getTime())) return API_KEY_EXPIRY_PAST;
  if (expiresAt.getTime() > now.getTime() + API_KEY_MAX_DAYS * 24 * 3600 * 1000) return messageKey(API_KEY_EXPIRY_TOO_FAR, { max: API_KEY_MAX_DAYS });
  return null;
}

/** The flags of a request a key may not hold (field paths as the users' rule names them). */
export function refusedApiKeyFlags(flags: Partial<Record<TRightFlag, boolean | undefined>>): TRightFlag[] {
  if (flags.administrator === true) return [];
  return API_KEY_REFUSED_FLAGS.filter((flag) => flags[flag] === true);
}

export type TApiKeyState = 'active' | 'expired' | 'revoked';

export function apiKeyState(key: { expiresAt: string | Date; revokedAt: string | Date | null }, now: Date): TApiKeyState {
  if (key.revokedAt !== null) return 'revoked';
  return new Date(key.expiresAt).getTime() > now.getTime() ? 'active' : 'expired';
}

/** The key from an Authorization header: `Bearer aqk_...`; null for anything else (a Basic sign-in, a session token). */
export function apiKeyFromAuthorization(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const key = match?.[1];
  return key && key.startsWith(API_KEY_PREFIX) && key.length <= 200 ? key : null;
}

/** POST /api-keys. Rights as on the user forms (`portal.rights`), customers by name (none: every customer the creator sees). */
export const ZApiKeyCreate = z.object({
  name: zRequiredText(100),
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }),
  customers: z.array(zRequiredText(200)).max(1000).default([]),
  portal: z.object({ rights: ZRightFlagsInput }).default({ rights: {} }),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;

export const ZApiKeyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A key as the list shows it: never the key itself. */
export const ZApiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the key (`aqk_` and four more), to tell keys apart. */
  hint: z.string(),
  customers: z.array(z.string()),
  portal: z.object({ rights: ZPortalRights }),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The answer of POST /api-keys: the key itself, this once. */
export const ZApiKeyCreated = ZApiKey.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** The create dialog: the last day the key works (`YYYY-MM-DD`, to the end of that day where the browser is). */
export const ZApiKeyForm = z.object({
  name: zRequiredText(100),
  expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.required' }),
  customers: z.array(z.string()),
  rights: ZRightFlagsInput,
});
export type TApiKeyForm = z.infer<typeof ZApiKeyForm>;

/** The end of a day in the browser's zone: a key "until 31 March" works all of 31 March. */
export function endOfDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 23, 59, 59);
}

/** `YYYY-MM-DD` of a local date `days` after `now`. */
export function dayAfter(now: Date, days: number): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The days the dialog offers: from tomorrow to the last day whose end is within API_KEY_MAX_DAYS; 90 days by default. */
export function apiKeyDayRange(now: Date): { min: string; max: string; initial: string } {
  return { min: dayAfter(now, 1), max: dayAfter(now, API_KEY_MAX_DAYS - 1), initial: dayAfter(now, 90) };
}

/** Why the chosen day is refused (a message key), or null. */
export function apiKeyFormExpiryProblem(form: Pick<TApiKeyForm, 'expiresOn'>, now: Date): string | null {
  return apiKeyExpiryProblem(endOfDay(form.expiresOn), now);
}

export function toApiKeyCreateBody(form: TApiKeyForm): TApiKeyCreate {
  return { name: form.name.trim(), expiresAt: endOfDay(form.expiresOn).toISOString(), customers: form.customers, portal: { rights: form.rights } };
}
