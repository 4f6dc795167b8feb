import { z } from 'zod';
import { zEui } from '../devices';
import { RULEBOOK_IDS } from '../logbook/rulebooks';
import { MESSAGE, messageKey } from '../validation/message-key';
import { zRequiredText } from '../validation/validators';
import { DE_USES, DUE_STATES } from './plan';
import { ZSampleReport, ZSampleReportInput } from './report';
import { COUNT_UNITS, LEGAL_STEPS, SAMPLE_VERDICTS } from './thresholds';

/**
 * The sampling API (docs/sampling.md, "API"): sample points, a location's plan, laboratory results
 * and their legal step. Shared by the server (validation, OpenAPI) and the web app's forms. Instants
 * are ISO strings; due dates local dates (YYYY-MM-DD) of the location.
 */

export const SAMPLE_POINT_ROLES = ['hot', 'cold'] as const;
export type TSamplePointRole = (typeof SAMPLE_POINT_ROLES)[number];

export const SAMPLE_NAME_MAX = 100;
export const SAMPLE_TEXT_MAX = 200;
/** Most counts (species / serogroups) one result may list. */
export const SAMPLE_COUNTS_MAX = 20;
/** Largest lab CSV and sample-point CSV (bytes) and most data lines. */
export const SAMPLING_CSV_MAX_BYTES = 2_000_000;
export const SAMPLING_CSV_MAX_ROWS = 10_000;
/** The largest count a lab reports (per its unit): anything above is a typing error. */
export const SAMPLE_COUNT_MAX = 100_000_000;
/** The species a count is of when the lab names none. */
export const DEFAULT_SPECIES = 'Legionella spp.';
export const DEFAULT_METHOD = 'ISO 11731';

const zBool = () => z.boolean({ error: MESSAGE.invalid });
const zChannelId = () => z.string().trim().regex(/^temperature\d{1,2}$/, { error: MESSAGE.invalid });

export const ZSamplePointBody = z
  .object({
    name: zRequiredText(SAMPLE_NAME_MAX),
    role: z.enum(SAMPLE_POINT_ROLES, { error: MESSAGE.oneOf }),
    priority: zBool().default(false),
    /** The node whose channel measures at this outlet (optional; the logbook shows its trace around a sampling). */
    eui: zEui().nullable().optional(),
    channelId: zChannelId().nullable().optional(),
  })
  .refine((body) => !body.channelId || body.eui, { error: MESSAGE.required, path: ['eui'] });
export type TSamplePointBody = z.infer<typeof ZSamplePointBody>;

export const ZSamplePointPatch = z.object({
  name: zRequiredText(SAMPLE_NAME_MAX).optional(),
  role: z.enum(SAMPLE_POINT_ROLES, { error: MESSAGE.oneOf }).optional(),
  priority: zBool().optional(),
  eui: zEui().nullable().optional(),
  channelId: zChannelId().nullable().optional(),
});
export type TSamplePointPatch = z.infer<typeof ZSamplePointPatch>;

export const ZSamplePointDue = z.object({
  routineDue: z.string().nullable(),
  resampleDue: z.string().nullable(),
  nextDue: z.string().nullable(),
  state: z.enum(DUE_STATES),
});

export const ZSampleVerdict = z.enum(SAMPLE_VERDICTS);
export const ZLegalStep = z.enum(LEGAL_STEPS);

export const ZSamplePoint = z.object({
  id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  name: z.string(),
  role: z.enum(SAMPLE_POINT_ROLES),
  priority: z.boolean(),
  eui: z.string().nullable(),
  channelId: z.string().nullable(),
  createdAt: z.string(),
  due: ZSamplePointDue,
  /** The latest result at this point. */
  latest: z.object({ resultId: z.number().int(), sampleId: z.string(), takenAt: z.string(), verdict: ZSampleVerdict }).nullable(),
});
export type TSamplePoint = z.infer<typeof ZSamplePoint>;

/** A CSV file, as a text/csv body or JSON { csv }. */
export const ZSamplingCsvRequest = z.object({
  csv: z.string({ error: MESSAGE.required }).max(SAMPLING_CSV_MAX_BYTES, { error: messageKey(MESSAGE.tooLong, { max: SAMPLING_CSV_MAX_BYTES }) }),
});

/**
 * The lab's CSV with, optionally, the mapping of another layout: our field -> the header of their
 * column (docs/sampling.md, "Other layouts"); JSON only (a text/csv body has no room for it).
 */
export const ZSampleResultsImportRequest = ZSamplingCsvRequest.extend({
  mapping: z.record(z.string().max(SAMPLE_NAME_MAX), zRequiredText(SAMPLE_TEXT_MAX)).optional(),
});
export type TSampleResultsImportRequest = z.infer<typeof ZSampleResultsImportRequest>;

export const ZSamplePointImportReport = z.object({ imported: z.number().int(), points: z.array(ZSamplePoint) });

// ---- the plan ----

export const ZSamplingPlanBody = z.object({
  /** Months between two routine samplings of each point; null: the rulebook's (NL 6, DE 12/36; UK has none). */
  intervalMonths: z.number().int({ error: MESSAGE.integer }).min(1, { error: messageKey(MESSAGE.range, { min: 1, max: 120 }) }).max(120, { error: messageKey(MESSAGE.range, { min: 1, max: 120 }) }).nullable(),
  /** DE: public supply (yearly) or commercial (every 3 years); null: public. */
  deUse: z.enum(DE_USES, { error: MESSAGE.oneOf }).nullable(),
  /** Days within which a point is sampled again after an exceeded result; null: 30. */
  resampleWithinDays: z.number().int({ error: MESSAGE.integer }).min(1, { error: messageKey(MESSAGE.range, { min: 1, max: 365 }) }).max(365, { error: messageKey(MESSAGE.range, { min: 1, max: 365 }) }).nullable(),
  /** NL: the installation's number of taps, for the number of sample points art. 43 asks. */
  taps: z.number().int({ error: MESSAGE.integer }).min(0, { error: messageKey(MESSAGE.range, { min: 0, max: 1_000_000 }) }).max(1_000_000, { error: messageKey(MESSAGE.range, { min: 0, max: 1_000_000 }) }).nullable(),
});
export type TSamplingPlanBody = z.infer<typeof ZSamplingPlanBody>;
/** PATCH: the fields to change; null sets one back to the rulebook's default. */
export const ZSamplingPlanPatch = ZSamplingPlanBody.partial();

export const ZSamplingPlan = ZSamplingPlanBody.extend({
  customer: z.string(),
  location: z.string(),
  rulebook: z.enum(RULEBOOK_IDS),
  /** The interval in force and where it comes from ('none': UK without the risk assessment's figure). */
  effectiveIntervalMonths: z.number().int().nullable(),
  intervalSource: z.enum(['rulebook', 'location', 'none']),
  effectiveResampleWithinDays: z.number().int(),
  /** NL art. 43: sample points needed for `taps` (null without taps or outside NL); `points` the points there are. */
  requiredPoints: z.number().int().nullable(),
  points: z.number().int(),
});
export type TSamplingPlan = z.infer<typeof ZSamplingPlan>;

// ---- results ----

const zCount = () =>
  z
    .number({ error: MESSAGE.number })
    .min(0, { error: messageKey(MESSAGE.range, { min: 0, max: SAMPLE_COUNT_MAX }) })
    .max(SAMPLE_COUNT_MAX, { error: messageKey(MESSAGE.range, { min: 0, max: SAMPLE_COUNT_MAX }) });

/** One count of a result: a species / serogroup with its count in its unit as reported, or null ("not detected") with the detection limit. */
export const ZSampleCount = z.object({
  species: zRequiredText(SAMPLE_NAME_MAX).default(DEFAULT_SPECIES),
  serogroup: zRequiredText(SAMPLE_NAME_MAX).nullable().optional(),
  count: zCount().nullable(),
  detectionLimit: zCount().nullable().optional(),
  unit: z.enum(COUNT_UNITS, { error: MESSAGE.oneOf }),
});
export type TSampleCount = z.infer<typeof ZSampleCount>;

export const ZSampleResultBody = z.object({
  samplePointId: z.number({ error: MESSAGE.required }).int().min(1),
  /** The lab's sample id: unique per location. */
  sampleId: zRequiredText(SAMPLE_NAME_MAX),
  takenAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }),
  lab: zRequiredText(SAMPLE_TEXT_MAX),
  accreditation: zRequiredText(SAMPLE_TEXT_MAX).nullable().optional(),
  method: zRequiredText(SAMPLE_TEXT_MAX).default(DEFAULT_METHOD),
  waterCelsius: z.number({ error: MESSAGE.number }).min(-10).max(100).nullable().optional(),
  counts: z.array(ZSampleCount).min(1, { error: MESSAGE.required }).max(SAMPLE_COUNTS_MAX, { error: messageKey(MESSAGE.tooLong, { max: SAMPLE_COUNTS_MAX }) }),
  /** The lab's PDF, sent with the result (or later: POST /sample-results/{id}/report). */
  report: ZSampleReportInput.optional(),
});
export type TSampleResultBody = z.input<typeof ZSampleResultBody>;
export type TSampleResultInput = z.output<typeof ZSampleResultBody>;

/** The notification the person responsible sends (the portal sends nothing to authorities): per language. */
export const ZSampleNotification = z.object({
  legalStep: ZLegalStep,
  /** Whom to tell: the ILT (NL), the Gesundheitsamt (DE), null (UK: nobody outside; re-sample and review). */
  authority: z.enum(['ILT', 'Gesundheitsamt']).nullable(),
  /** Whether this report repeats an earlier one (NL: a re-sample still above 1,000 kve/l). */
  repeated: z.boolean(),
  subject: z.object({ nl: z.string(), en: z.string(), de: z.string() }),
  text: z.object({ nl: z.string(), en: z.string(), de: z.string() }),
});
export type TSampleNotification = z.infer<typeof ZSampleNotification>;

export const ZSampleResult = z.object({
  id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  samplePointId: z.number().int(),
  pointName: z.string(),
  sampleId: z.string(),
  takenAt: z.string(),
  lab: z.string(),
  accreditation: z.string().nullable(),
  method: z.string(),
  waterCelsius: z.number().nullable(),
  /** As the lab reported them. */
  counts: z.array(ZSampleCount.extend({ species: z.string(), serogroup: z.string().nullable(), detectionLimit: z.number().nullable() })),
  /** The rulebook the result was judged by when it was entered. */
  rulebook: z.enum(RULEBOOK_IDS),
  highestPerLitre: z.number().nullable(),
  verdict: ZSampleVerdict,
  legalStep: ZLegalStep,
  severity: z.enum(['warning', 'critical']).nullable(),
  /** Whether this result is the re-sample of an earlier exceeded one at the point. */
  resample: z.boolean(),
  /** The alarm it opened (or joined, when one was open for the point). */
  alarmId: z.number().int().nullable(),
  /** The re-sample's due date (local), when this result asks for one. */
  resampleDue: z.string().nullable(),
  notification: ZSampleNotification.nullable(),
  /** The lab's PDF attached to it (docs/sampling.md, "The lab's PDF"), null when none is. */
  report: ZSampleReport.nullable(),
  source: z.enum(['form', 'csv']),
  enteredAt: z.string(),
  enteredBy: z.string(),
});
export type TSampleResult = z.infer<typeof ZSampleResult>;

export const SAMPLE_RESULT_LIST_MAX_LIMIT = 500;
export const ZSampleResultListQuery = z.object({
  samplePointId: z.coerce.number().int().min(1).optional(),
  verdict: ZSampleVerdict.optional(),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(SAMPLE_RESULT_LIST_MAX_LIMIT).optional(),
});
export type TSampleResultListQuery = z.infer<typeof ZSampleResultListQuery>;

export const ZSampleResultImportReport = z.object({
  imported: z.number().int(),
  /** The results that opened or joined an alarm. */
  alarms: z.array(z.object({ resultId: z.number().int(), sampleId: z.string(), verdict: ZSampleVerdict, alarmId: z.number().int() })),
});
export type TSampleResultImportReport = z.infer<typeof ZSampleResultImportReport>;
