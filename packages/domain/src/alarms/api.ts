import { ALARM_CHANNELS } from './channels';
import { z } from 'zod';
import { ALARM_EVENT_ACTIONS, ALARM_KINDS, ALARM_STATES } from './kinds';
import { ALARM_CLOSE_REASONS } from './placement';

/**
 * The alarms API (docs/alarms.md, "API"): requests and answers, shared by the server (validation,
 * OpenAPI) and the web app. Instants are ISO strings; names are null when the node or place is gone.
 */

/** Largest page of the alarm lists. */
export const ALARM_LIST_MAX_LIMIT = 100;
/** Longest note of a handling step (a resolution is the corrective action, in a sentence or a few). */
export const ALARM_NOTE_MAX_LENGTH = 2000;

/**
 * Which alarms a list shows:
 * - toHandle: not both resolved and closed (every deviation must be dealt with);
 * - active: the condition still holds (closed_at null);
 * - all: every alarm.
 */
export const ALARM_LIST_STATUSES = ['toHandle', 'active', 'all'] as const;
export type TAlarmListStatus = (typeof ALARM_LIST_STATUSES)[number];

const ZPerson = z.object({ id: z.number().int(), name: z.string() });

export const ZAlarm = z.object({
  id: z.number().int(),
  kind: z.enum(ALARM_KINDS),
  deviceEui: z.string().nullable(),
  deviceName: z.string().nullable(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  /** The temperature channel (e.g. temperature1) for the channel kinds; null otherwise. */
  channelId: z.string().nullable(),
  channelName: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  openedAt: z.string(),
  /** null while the condition holds (the alarm is active). */
  closedAt: z.string().nullable(),
  state: z.enum(ALARM_STATES),
  assignee: ZPerson.nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: ZPerson.nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: ZPerson.nullable(),
  /** The corrective action of the resolution. */
  resolution: z.string().nullable(),
  /** What the alarm is about (readings, limits); see docs/alarms.md per kind. */
  details: z.record(z.string(), z.unknown()),
  /** Whether the caller may acknowledge, assign, comment and resolve this alarm. */
  mayHandle: z.boolean(),
});
export type TAlarm = z.infer<typeof ZAlarm>;

export const ZAlarmEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(ALARM_EVENT_ACTIONS),
  /** Who took the step; null for the portal's own steps (opened, closed, reopened). */
  user: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string().nullable() }).nullable(),
  assignee: ZPerson.nullable(),
  note: z.string().nullable(),
  /**
   * Why the portal took the step, when not because the condition changed: a 'closed' step by a
   * battery swap, a deleted gateway, the node moved or removed; an 'opened' step of a node's own
   * condition carried to its new place ('nodeMoved'). Null otherwise (docs/alarms.md, "Closing reasons").
   */
  reason: z.enum(ALARM_CLOSE_REASONS).nullable(),
  /** A 'stage' step: its number (1 first), who it reached by which channels, who it left out and why (docs/escalation.md). */
  stage: z
    .object({
      number: z.number().int(),
      reached: z.array(z.object({ name: z.string(), channels: z.array(z.enum(ALARM_CHANNELS)) })),
      skipped: z.array(z.object({ name: z.string(), reason: z.enum(['quietHours', 'noChannel', 'notAllowed']) })),
    })
    .nullable()
    .optional(),
  /** A 'messaged' step: a Teams, Slack or SMS message to someone, delivered or failed after its tries. */
  message: z
    .object({ channel: z.enum(ALARM_CHANNELS), state: z.enum(['sent', 'failed']), to: z.string(), stage: z.number().int().nullable() })
    .nullable()
    .optional(),
});
export type TAlarmEvent = z.infer<typeof ZAlarmEvent>;

export const ZAlarmWithEvents = ZAlarm.extend({ events: z.array(ZAlarmEvent) });
export type TAlarmWithEvents = z.infer<typeof ZAlarmWithEvents>;

const ZPage = {
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(ALARM_LIST_MAX_LIMIT).optional(),
};

/** GET /alarms: one page, the total in X-Total-Count. Order: active first, then opened desc, id desc. */
export const ZAlarmListQuery = z.object({
  ...ZPage,
  status: z.enum(ALARM_LIST_STATUSES).optional(),
  kind: z.enum(ALARM_KINDS).optional(),
  customerId: z.coerce.number().int().min(1).optional(),
  locationId: z.coerce.number().int().min(1).optional(),
  /** A customer by name, as the portal's addresses name it (its alarms opened there). */
  customer: z.string().trim().min(1).max(200).optional(),
  /** A location of that customer by name. */
  location: z.string().trim().min(1).max(200).optional(),
  state: z.enum(ALARM_STATES).optional(),
  /** `me` or a user id. */
  assignee: z.union([z.literal('me'), z.coerce.number().int().min(1)]).optional(),
  deviceEui: z.string().min(1).max(100).optional(),
});
export type TAlarmListQuery = z.infer<typeof ZAlarmListQuery>;

/** GET /devices/:eui/alarms: the node's alarms, newest first. */
export const ZDeviceAlarmsQuery = z.object(ZPage);
export type TDeviceAlarmsQuery = z.infer<typeof ZDeviceAlarmsQuery>;

/** GET /alarms/count: the menu badge. */
export const ZAlarmCount = z.object({
  /** Alarms in state new (condition active or not) the user may see. */
  unacknowledged: z.number().int(),
});
export type TAlarmCount = z.infer<typeof ZAlarmCount>;

/** GET /alarms/:id/assignees: users who may see the alarm. */
export const ZAlarmAssignee = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type TAlarmAssignee = z.infer<typeof ZAlarmAssignee>;

const ZOptionalNote = z.string().trim().max(ALARM_NOTE_MAX_LENGTH).optional();

export const ZAlarmAcknowledge = z.object({ note: ZOptionalNote });
export type TAlarmAcknowledge = z.infer<typeof ZAlarmAcknowledge>;

export const ZAlarmAssign = z.object({ assigneeId: z.number().int().min(1), note: ZOptionalNote });
export type TAlarmAssign = z.infer<typeof ZAlarmAssign>;

export const ZAlarmComment = z.object({ note: z.string().trim().min(1).max(ALARM_NOTE_MAX_LENGTH) });
export type TAlarmComment = z.infer<typeof ZAlarmComment>;

/** The note is the corrective action and is required. */
export const ZAlarmResolve = z.object({
  note: z.string().trim().min(1).max(ALARM_NOTE_MAX_LENGTH),
  /** A legionella alarm at a report threshold (docs/sampling.md): when the authority was told. */
  authorityToldAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).optional(),
});
export type TAlarmResolve = z.infer<typeof ZAlarmResolve>;

/** An alarm as the dashboard lists show it beside a node (null when the node's kind has no alarm row). */
export const ZAlarmRef = z.object({ id: z.number().int(), state: z.enum(ALARM_STATES) });
export type TAlarmRef = z.infer<typeof ZAlarmRef>;
