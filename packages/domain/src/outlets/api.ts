import { z } from 'zod';
import { RULEBOOK_IDS } from '../logbook/rulebooks';
import { MESSAGE, messageKey } from '../validation/message-key';
import { zRequiredText } from '../validation/validators';
import { CHECK_DUE_STATES, CHECK_KINDS, CHECK_PERIOD_UNITS, ZCheckOverrides } from './check-plans';
import { OUTLET_CSV_MAX_BYTES, OUTLET_KINDS, OUTLET_WATERS, SENTINEL_KINDS } from './outlet';
import { READING_VERDICTS } from './readings';

/**
 * The outlets API (docs/outlets.md, "API"): a location's outlet register, its check plans and the
 * due checks. Shared by the server (validation, OpenAPI) and, later, the web app's forms. Due dates
 * are local dates (YYYY-MM-DD) of the location.
 */

export const ZCheckDue = z.object({
  check: z.enum(CHECK_KINDS),
  lastDone: z.string().nullable(),
  nextDue: z.string(),
  state: z.enum(CHECK_DUE_STATES),
});

export const ZOutlet = z.object({
  id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  name: z.string(),
  room: z.string().nullable(),
  floor: z.string().nullable(),
  kind: z.enum(OUTLET_KINDS),
  water: z.enum(OUTLET_WATERS),
  sentinel: z.enum(SENTINEL_KINDS),
  littleUsed: z.boolean(),
  eui: z.string().nullable(),
  channelId: z.string().nullable(),
  samplePointId: z.number().int().nullable(),
  /** Whether the linked node is a flushing node: its flushes do the little-used outlet's weekly duty. */
  flushedByNode: z.boolean(),
  createdAt: z.string(),
  /** The checks in force at this outlet with their next due dates, soonest first. */
  checks: z.array(ZCheckDue),
});
export type TOutlet = z.infer<typeof ZOutlet>;

/** An outlet CSV file, as a text/csv body or JSON { csv }. */
export const ZOutletCsvRequest = z.object({
  csv: z.string({ error: MESSAGE.required }).max(OUTLET_CSV_MAX_BYTES, { error: messageKey(MESSAGE.tooLong, { max: OUTLET_CSV_MAX_BYTES }) }),
});
export const ZOutletImportReport = z.object({ imported: z.number().int() });

export const ZCheckPlanView = z.object({
  check: z.enum(CHECK_KINDS),
  /** false: the location switched it off. */
  on: z.boolean(),
  period: z.object({ unit: z.enum(CHECK_PERIOD_UNITS), count: z.number().int() }),
  periodSource: z.enum(['rulebook', 'location']),
  rulebookPeriod: z.object({ unit: z.enum(CHECK_PERIOD_UNITS), count: z.number().int() }),
  reading: z.boolean(),
  runningSeconds: z.object({ hot: z.number().int(), cold: z.number().int() }).nullable(),
  source: z.string(),
  borrowed: z.boolean(),
  /** How many outlets of the location it applies to. */
  outlets: z.number().int(),
});

export const ZLocationCheckPlans = z.object({
  customer: z.string(),
  location: z.string(),
  rulebook: z.enum(RULEBOOK_IDS),
  healthcare: z.boolean(),
  plans: z.array(ZCheckPlanView),
});
export type TLocationCheckPlans = z.infer<typeof ZLocationCheckPlans>;

/** PUT: the location's overrides, whole (an empty list: the rulebook's plans). */
export const ZCheckPlansBody = z.object({ overrides: ZCheckOverrides });

// ---- checks recorded ----

export const CHECK_OUTCOMES = ['done', 'notPossible'] as const;
export type TCheckOutcome = (typeof CHECK_OUTCOMES)[number];
export const CHECK_TEXT_MAX = 1000;
/** The longest running time a reading may give (an hour). */
export const RAN_SECONDS_MAX = 3600;
/** The largest photo a check takes, decoded (5 MiB; the phone sends a JPEG of about 1600 px, a few hundred kB). */
export const CHECK_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A check recorded at an outlet: done, or not possible with the reason; the reading (°C, after how
 * many seconds of running) where the check takes one; a note. `doneAt` defaults to the time of
 * recording. `entryId` is the recording device's own id of the entry (a UUID): sent again, the entry
 * is stored once and the first answer repeated (a retry, the offline queue).
 */
export const ZCheckBody = z
  .object({
    outletId: z.number({ error: MESSAGE.required }).int({ error: MESSAGE.integer }).min(1, { error: MESSAGE.invalid }),
    check: z.enum(CHECK_KINDS, { error: MESSAGE.oneOf }),
    outcome: z.enum(CHECK_OUTCOMES, { error: MESSAGE.oneOf }),
    reason: zRequiredText(CHECK_TEXT_MAX).nullable().optional(),
    celsius: z
      .number({ error: MESSAGE.number })
      .min(-10, { error: messageKey(MESSAGE.range, { min: -10, max: 100 }) })
      .max(100, { error: messageKey(MESSAGE.range, { min: -10, max: 100 }) })
      .nullable()
      .optional(),
    ranSeconds: z
      .number({ error: MESSAGE.integer })
      .int({ error: MESSAGE.integer })
      .min(0, { error: messageKey(MESSAGE.range, { min: 0, max: RAN_SECONDS_MAX }) })
      .max(RAN_SECONDS_MAX, { error: messageKey(MESSAGE.range, { min: 0, max: RAN_SECONDS_MAX }) })
      .nullable()
      .optional(),
    note: zRequiredText(CHECK_TEXT_MAX, { multiline: true }).nullable().optional(),
    doneAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).optional(),
    entryId: z.uuid({ error: MESSAGE.invalid }).optional(),
    /** A photo taken at the outlet: base64 or a data: URL, a JPEG, PNG or WebP by its bytes, at most CHECK_PHOTO_MAX_BYTES. */
    photo: z.string({ error: MESSAGE.invalid }).min(1, { error: MESSAGE.required }).optional(),
  })
  .refine((body) => body.outcome === 'done' || body.reason, { error: 'validation.reasonRequired', path: ['reason'] });
export type TCheckBody = z.input<typeof ZCheckBody>;
export type TCheckInput = z.output<typeof ZCheckBody>;

export const ZTemperatureLimit = z.object({ kind: z.enum(['atLeast', 'atMost', 'below']), celsius: z.number() });

export const ZCheckRecord = z.object({
  id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  check: z.enum(CHECK_KINDS),
  outcome: z.enum(CHECK_OUTCOMES),
  reason: z.string().nullable(),
  celsius: z.number().nullable(),
  ranSeconds: z.number().int().nullable(),
  /** The rulebook's running time the reading was held to, as judged when recorded. */
  allowedSeconds: z.number().int().nullable(),
  rulebook: z.enum(RULEBOOK_IDS),
  limit: ZTemperatureLimit.nullable(),
  verdict: z.enum(READING_VERDICTS).nullable(),
  /** Whether the reading is a deviation (outside the limit, or not within the running time). */
  deviation: z.boolean(),
  /** The alarm it opened (or joined), when it is a deviation. */
  alarmId: z.number().int().nullable(),
  /** The node's reading paired with the manual one: the outlet's channel, nearest within 15 minutes of doneAt; null when not linked or none. */
  node: z.object({ eui: z.string(), channelId: z.string(), celsius: z.number(), at: z.string() }).nullable(),
  /** Possible sensor drift: the two differ by more than 1.5 °C (null without a pair). */
  drift: z.boolean().nullable(),
  note: z.string().nullable(),
  /** The photo taken with the check: its type, size and where to read it (GET /checks/{id}/photo); null without one. */
  photo: z.object({ type: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  doneAt: z.string(),
  recordedAt: z.string(),
  recordedBy: z.string(),
});
export type TCheckRecord = z.infer<typeof ZCheckRecord>;

export const CHECK_LIST_MAX_LIMIT = 500;
export const ZCheckListQuery = z.object({
  outletId: z.coerce.number().int().min(1).optional(),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(CHECK_LIST_MAX_LIMIT).optional(),
});

/** One row of a location's due checks: an outlet's check in force with its next due date. */
export const ZDueCheck = ZCheckDue.extend({
  outletId: z.number().int(),
  outletName: z.string(),
  room: z.string().nullable(),
  floor: z.string().nullable(),
});
export const ZDueCheckQuery = z.object({ state: z.enum(CHECK_DUE_STATES).optional() });
export const ZDueChecks = z.object({
  customer: z.string(),
  location: z.string(),
  /** The location's local date the states are computed for. */
  today: z.string(),
  counts: z.object({ overdue: z.number().int(), due: z.number().int(), planned: z.number().int() }),
  /** Soonest first (overdue ones first). */
  checks: z.array(ZDueCheck),
});
export type TDueChecks = z.infer<typeof ZDueChecks>;

// ---- the dashboard ----

/** At most this many checks are listed on the dashboard (the counts cover them all). */
export const DASHBOARD_CHECKS_MAX = 50;

/**
 * The dashboard's overdue and due checks (GET /dashboard/checks): the checks in force at the
 * outlets of the caller's customers (or of one), overdue or due, soonest first, with the counts.
 * `outlets` is how many outlets there are at all: 0 means no register, never "all clear".
 */
export const ZDashboardChecks = z.object({
  outlets: z.number().int(),
  /** Checks in force at those outlets. */
  checks: z.number().int(),
  overdue: z.number().int(),
  due: z.number().int(),
  rows: z.array(
    z.object({
      outletId: z.number().int(),
      customer: z.string(),
      location: z.string(),
      outletName: z.string(),
      check: z.enum(CHECK_KINDS),
      nextDue: z.string(),
      state: z.enum(CHECK_DUE_STATES),
    }),
  ),
});
export type TDashboardChecks = z.infer<typeof ZDashboardChecks>;
