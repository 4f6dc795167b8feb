import { z } from 'zod';
import { RULEBOOK_IDS } from '../logbook/rulebooks';
import { MESSAGE, messageKey } from '../validation/message-key';
import { CHECK_DUE_STATES, CHECK_KINDS, CHECK_PERIOD_UNITS, ZCheckOverrides } from './check-plans';
import { OUTLET_CSV_MAX_BYTES, OUTLET_KINDS, OUTLET_WATERS, SENTINEL_KINDS } from './outlet';

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
