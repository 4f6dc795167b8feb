import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../places';
import { clockToMinutes, normalClock, timeZoneOffsetMinutes } from '../settings/periods';
import { MESSAGE } from '../validation/message-key';
import { zEmail } from '../validation/validators';
import { channelPreferenceShape } from './channels';
import { ALARM_KINDS, type TAlarmKind } from './kinds';

/**
 * Alarm notifications each user chooses (docs/alarm-notifications.md): per alarm kind off, an
 * e-mail immediately, or a daily digest at 07:00 in the user's time zone; quiet hours that hold
 * immediate e-mails; which of their customers. And the escalation of a customer's alarm nobody
 * acknowledged in time. Pure rules, no I/O: the server's sending jobs and the screens use them.
 */

export const NOTIFICATION_MODES = ['off', 'immediately', 'digest'] as const;
export type TNotificationMode = (typeof NOTIFICATION_MODES)[number];

/** The local time of the daily digest. */
export const DIGEST_HOUR = 7;
/** Minutes an alarm may stay unacknowledged before it escalates, when the customer sets none. */
export const DEFAULT_ESCALATION_MINUTES = 240;
export const MAX_ESCALATION_MINUTES = 7 * 24 * 60;

/** The message keys of these fields (texts in i18n/ui-alarm-notifications.ts). */
export const NOTIFICATION_MESSAGE = {
  clock: 'validation.clock',
  timeZone: 'validation.timeZone',
  quietHoursEqual: 'validation.quietHoursEqual',
  escalationMinutes: 'validation.escalationMinutes',
} as const;

/**
 * A time of day, "H:MM" or "HH:MM" from 0:00 to 23:59, kept as "HH:MM" ("7:00" is "07:00"): a
 * person types "7:00", and a browser's time input gives "07:00" (docs/alarm-notifications.md).
 */
const zClock = () =>
  z
    .string({ error: MESSAGE.required })
    .refine((text) => clockToMinutes(text) !== null, { error: NOTIFICATION_MESSAGE.clock })
    .overwrite((text) => normalClock(text) ?? text);

const ZKindModes = z.object(
  Object.fromEntries(ALARM_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_MODES, { error: MESSAGE.oneOf }).default('off')])) as {
    [K in TAlarmKind]: z.ZodDefault<z.ZodEnum<{ [M in TNotificationMode]: M }>>;
  },
);
export type TKindModes = Record<TAlarmKind, TNotificationMode>;

/** Quiet hours in local time; `to` before `from` crosses midnight (22:00-07:00). Equal ends are refused. */
export const ZQuietHours = z
  .object({ from: zClock(), to: zClock() })
  .refine((hours) => hours.from !== hours.to, { error: NOTIFICATION_MESSAGE.quietHoursEqual, path: ['to'] });
export type TQuietHours = z.infer<typeof ZQuietHours>;

const notificationShape = <C extends z.ZodType>(customers: C) =>
  z.object({
    kinds: ZKindModes.default(Object.fromEntries(ALARM_KINDS.map((kind) => [kind, 'off'])) as TKindModes),
    quietHours: ZQuietHours.nullable().default(null),
    timeZone: z.string().refine(isTimeZone, { error: NOTIFICATION_MESSAGE.timeZone }).default(DEFAULT_TIME_ZONE),
    /** 'all': every customer the user may see (now and later); a list: only these. */
    customers: z.union([z.literal('all'), customers]).default('all'),
    /** Per kind the channels (docs/alarm-notifications.md, "Channels"); Teams and Slack webhook URLs. */
    ...channelPreferenceShape,
  });

/**
 * The preferences, as the API sends and takes them and as `users.alarm_notifications` keeps them:
 * customers by name, as everywhere in the API (a customer's rename renames them here too).
 */
export const ZAlarmNotifications = notificationShape(z.array(z.string().min(1).max(200)).max(1000));
export type TAlarmNotifications = z.infer<typeof ZAlarmNotifications>;
export const ZStoredAlarmNotifications = ZAlarmNotifications;
export type TStoredAlarmNotifications = TAlarmNotifications;

/** Everything off, all customers, Dutch time: a new user, or a stored value that cannot be read. */
export function defaultAlarmNotifications(): TStoredAlarmNotifications {
  return ZStoredAlarmNotifications.parse({});
}

/** Reads a stored value leniently: what cannot be read falls back to the default of that field. */
export function readStoredAlarmNotifications(value: unknown): TStoredAlarmNotifications {
  const parsed = ZStoredAlarmNotifications.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fallback = defaultAlarmNotifications();
  const raw = (value ?? {}) as Record<string, unknown>;
  const part = <K extends keyof TStoredAlarmNotifications>(key: K): TStoredAlarmNotifications[K] => {
    const one = ZStoredAlarmNotifications.shape[key].safeParse(raw[key]);
    return (one.success ? one.data : fallback[key]) as TStoredAlarmNotifications[K];
  };
  return {
    kinds: part('kinds'),
    quietHours: part('quietHours'),
    timeZone: part('timeZone'),
    customers: part('customers'),
    channels: part('channels'),
    teamsUrl: part('teamsUrl'),
    slackUrl: part('slackUrl'),
  };
}

/**
 * The seeds' two toggles are these two kinds "immediately" (docs/alarm-notifications.md, "The old
 * toggles"): the columns flush_email_alerts and overflow_email_alerts mirror them.
 */
export const TOGGLE_KINDS = { flush: 'flushAlarm', overflowDetection: 'waterDetection' } as const satisfies Record<string, TAlarmKind>;

/**
 * What "immediately" sends for a kind (docs/alarm-notifications.md, "One path"): for a flush alarm and
 * a water detection an e-mail per reading, with its readings (every weak flush, water detected and
 * water gone: the alerts of docs/alerts.md, which the alarm store hands to the outbox with the
 * reading); for every other kind an e-mail per alarm opened. A digest lists alarms for every kind.
 */
export function immediateMailPer(kind: TAlarmKind): 'reading' | 'alarm' {
  return (Object.values(TOGGLE_KINDS) as TAlarmKind[]).includes(kind) ? 'reading' : 'alarm';
}

/** The toggles as the mirror columns keep them. */
export function togglesOf(preferences: Pick<TStoredAlarmNotifications, 'kinds'>): { flushEmailAlerts: boolean; overflowEmailAlerts: boolean } {
  return {
    flushEmailAlerts: preferences.kinds.flushAlarm === 'immediately',
    overflowEmailAlerts: preferences.kinds.waterDetection === 'immediately',
  };
}

/** A toggle sent through the old fields: on is "immediately"; off switches an "immediately" off and leaves a digest alone. */
export function withToggle<T extends Pick<TStoredAlarmNotifications, 'kinds'>>(preferences: T, kind: TAlarmKind, on: boolean): T {
  const current = preferences.kinds[kind];
  const next: TNotificationMode = on ? 'immediately' : current === 'immediately' ? 'off' : current;
  return { ...preferences, kinds: { ...preferences.kinds, [kind]: next } };
}

// ---------------------------------------------------------------- time in a zone

interface TLocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function localParts(at: Date, timeZone: string): TLocalParts {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    partsFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** Minutes since local midnight of an instant in a zone. */
export function localMinutesOfDay(at: Date, timeZone: string): number {
  const parts = localParts(at, timeZone);
  return parts.hour * 60 + parts.minute;
}

/**
 * The instant of a local wall-clock time in a zone. A time that does not exist (the hour skipped
 * when clocks go forward) is taken as the same number of minutes after the jump (02:30 -> 03:30);
 * a time that exists twice (clocks go back) is the first of the two.
 */
export function zonedInstant(local: TLocalParts, timeZone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const day = 24 * 60 * 60_000;
  // The offsets a day before and after cover both sides of any change on this date.
  const offsets = [timeZoneOffsetMinutes(timeZone, new Date(asUtc - day)), timeZoneOffsetMinutes(timeZone, new Date(asUtc + day))];
  const wanted = local.hour * 60 + local.minute;
  const matching = offsets
    .map((offset) => asUtc - offset * 60_000)
    .filter((candidate) => {
      const parts = localParts(new Date(candidate), timeZone);
      return parts.day === local.day && parts.hour * 60 + parts.minute === wanted;
    });
  if (matching.length) return new Date(Math.min(...matching));
  // In the skipped hour: the offset before the jump puts it the same minutes after the jump.
  return new Date(asUtc - offsets[0] * 60_000);
}

/** Adds days to a calendar date (local parts), month and year rolling over. */
function addDays(parts: TLocalParts, days: number): TLocalParts {
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return { ...parts, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The first daily digest (07:00 local) strictly after `after`, in the user's zone; DST-safe on both sides. */
export function nextDigestAt(after: Date, timeZone: string): Date {
  const today = { ...localParts(after, timeZone), hour: DIGEST_HOUR, minute: 0 };
  const candidate = zonedInstant(today, timeZone);
  return candidate.getTime() > after.getTime() ? candidate : zonedInstant(addDays(today, 1), timeZone);
}

/** Whether an instant lies inside the quiet hours (from inclusive, to exclusive), in the user's zone. */
export function inQuietHours(at: Date, preferences: Pick<TStoredAlarmNotifications, 'quietHours' | 'timeZone'>): boolean {
  const hours = preferences.quietHours;
  if (!hours) return false;
  const from = clockToMinutes(hours.from);
  const to = clockToMinutes(hours.to);
  if (from === null || to === null || from === to) return false;
  const now = localMinutesOfDay(at, preferences.timeZone);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

// ---------------------------------------------------------------- who is due

/** What the sending job knows of a user: preferences (chosen customers by id), scope, and whether they may see a kind at all (rights). */
export interface TNotifiedUser {
  preferences: Omit<TStoredAlarmNotifications, 'customers'> & { customers: 'all' | number[] };
  /** null: every customer (administrators, users without customers). */
  scope: number[] | null;
  /** The rights of the alarm's kind (docs/alarms.md, "Rights"). */
  maySeeKind: (kind: TAlarmKind) => boolean;
}

/**
 * How a user hears of an alarm of this kind and customer: 'off', 'immediately' or 'digest'. Off
 * when the kind is off, the user may not see the kind or the customer, or did not choose the
 * customer. An alarm without a customer reaches only users who see every customer and chose all.
 */
export function notificationModeFor(user: TNotifiedUser, alarm: { kind: TAlarmKind; customerId: number | null }): TNotificationMode {
  const mode = user.preferences.kinds[alarm.kind] ?? 'off';
  if (mode === 'off' || !user.maySeeKind(alarm.kind)) return 'off';
  if (alarm.customerId === null) return user.scope === null && user.preferences.customers === 'all' ? mode : 'off';
  if (user.scope !== null && !user.scope.includes(alarm.customerId)) return 'off';
  if (user.preferences.customers !== 'all' && !user.preferences.customers.includes(alarm.customerId)) return 'off';
  return mode;
}

/**
 * When an item waiting for a user goes out: immediately-items at once, or when the quiet hours
 * end (checked again at each round, so a change of the quiet hours applies to what waits);
 * digest-items at their 07:00 (fixed when the item was written).
 */
export function isItemDue(item: { mode: 'immediately' | 'digest'; dueAt: Date }, now: Date, preferences: Pick<TStoredAlarmNotifications, 'quietHours' | 'timeZone'>): boolean {
  if (item.dueAt.getTime() > now.getTime()) return false;
  return item.mode === 'digest' || !inQuietHours(now, preferences);
}

// ---------------------------------------------------------------- escalation

/** A customer's escalation (docs/alarm-notifications.md, "Escalation"); no recipients: no escalation. */
export const ZAlarmEscalation = z.object({
  minutes: z
    .number({ error: MESSAGE.required })
    .int({ error: NOTIFICATION_MESSAGE.escalationMinutes })
    .min(5, { error: NOTIFICATION_MESSAGE.escalationMinutes })
    .max(MAX_ESCALATION_MINUTES, { error: NOTIFICATION_MESSAGE.escalationMinutes })
    .default(DEFAULT_ESCALATION_MINUTES),
  emails: z.array(zEmail()).max(20).default([]),
  /** Users by e-mail address (the users' key in the API); they must be able to see the customer. */
  users: z.array(z.string().min(1).max(200)).max(50).default([]),
});
export type TAlarmEscalation = z.infer<typeof ZAlarmEscalation>;

/** As `customers.alarm_escalation` keeps it: users by id. */
export const ZStoredAlarmEscalation = ZAlarmEscalation.extend({ users: z.array(z.number().int()).max(50).default([]) });
export type TStoredAlarmEscalation = z.infer<typeof ZStoredAlarmEscalation>;

export function readStoredEscalation(value: unknown): TStoredAlarmEscalation {
  const parsed = ZStoredAlarmEscalation.safeParse(value ?? {});
  return parsed.success ? parsed.data : ZStoredAlarmEscalation.parse({});
}

/** The instant an alarm escalates when still unacknowledged; null when the customer has no recipients. */
export function escalationDueAt(openedAt: Date, escalation: TStoredAlarmEscalation): Date | null {
  if (escalation.emails.length === 0 && escalation.users.length === 0) return null;
  return new Date(openedAt.getTime() + escalation.minutes * 60_000);
}

/** An alarm escalates once: still `new` (nobody acknowledged, assigned or resolved it), not escalated, its time passed. */
export function isEscalationDue(alarm: { state: string; openedAt: Date; escalatedAt: Date | null }, escalation: TStoredAlarmEscalation, now: Date): boolean {
  if (alarm.state !== 'new' || alarm.escalatedAt !== null) return false;
  const due = escalationDueAt(alarm.openedAt, escalation);
  return due !== null && due.getTime() <= now.getTime();
}

/** The recipients' addresses without duplicates (case-insensitive), the order kept. */
export function uniqueAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
