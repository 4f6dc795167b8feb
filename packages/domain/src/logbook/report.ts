import { z } from 'zod';
import { CHANNEL_MODES } from '../constants';
import { RULEBOOK_IDS } from './rulebooks';
import { ROLE_TESTS, ZChannelRole } from './roles';
import { EXCURSION_CLASSES } from './report-rules';
import { ZLogbookDeviation } from './deviations';
import { ZLogbookSampling } from './sampling-report';
import { ZLogbookChecks } from './checks-report';
import { LOGBOOK_SIGNER_ROLE_MAX, LOGBOOK_SUPERSEDE_REASON_MAX, ZLogbookSignOff, ZLogbookSupersession } from './sign-off';

/**
 * The legionella logbook report (docs/logbook.md): what the server computes for a location or a
 * customer over a period, and what the screen, the PDF and the CSV show. One schema for all of
 * them so the three never disagree. Times are ISO instants (UTC); the period's dates are local
 * dates in the location's time zone.
 */

export const LOGBOOK_DEFAULT_TIME_ZONE = 'Europe/Amsterdam';
/** The longest period one report covers: a (leap) year and a day, so "a year" always fits. */
export const LOGBOOK_MAX_PERIOD_DAYS = 367;
/** Gaps between two readings longer than this are listed (and are what "offline" means). */
export const LOGBOOK_GAP_HOURS = 6;
/** The log interval assumed when a node's saved settings do not tell it (minutes). */
export const LOGBOOK_DEFAULT_LOG_INTERVAL_MINUTES = 15;

const zIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const zInstant = z.string();

/** The period of a request: two local dates, both included. */
export const ZLogbookPeriodQuery = z.object({ from: zIsoDate, to: zIsoDate });
export type TLogbookPeriodQuery = z.infer<typeof ZLogbookPeriodQuery>;

/**
 * A channel's verdict: also `noLimit` for a role without a limit (mixed outlet, other) where nothing
 * was wrong: never plainly compliant (docs/logbook.md, "Roles"). Counts as compliant for its location.
 */
export const ZLogbookChannelVerdict = z.enum(['compliant', 'deviations', 'insufficientData', 'noLimit']);
/**
 * A location's, a customer's and a report's verdict (docs/logbook.md, "Deviations"): compliant,
 * deviations all handled, open deviations, or insufficient data. 'deviations' is what reports
 * issued before deviations were records say; their stored JSON keeps parsing.
 */
export const ZLogbookVerdict = z.enum(['compliant', 'deviationsHandled', 'openDeviations', 'insufficientData', 'deviations']);

export const ZLogbookLimit = z.object({ kind: z.enum(['atLeast', 'atMost', 'below']), celsius: z.number() });

export const ZLogbookRulebook = z.object({
  id: z.enum(RULEBOOK_IDS),
  /** Where the choice came from: the location's own, the customer's, or the customer's country. */
  source: z.enum(['location', 'customer', 'country']),
  hot: ZLogbookLimit,
  cold: ZLogbookLimit,
  healthcare: z.boolean(),
  flushEveryHours: z.number(),
  retentionYears: z.number(),
  /** The thermal disinfection rules (any one met at an outlet passes); absent in reports from before roles. */
  disinfection: z.array(z.object({ celsius: z.number(), minutes: z.number() })).optional(),
});

const ZStretch = z.object({ from: zInstant, to: zInstant, hours: z.number() });

/** One excursion outside the channel's limit with its duration class (report-rules.ts). */
export const ZLogbookExcursion = ZStretch.extend({ durationClass: z.enum(EXCURSION_CLASSES) });

/** One temperature channel of one node over the period. */
export const ZLogbookChannel = z.object({
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  mode: z.enum(CHANNEL_MODES).nullable(),
  /** What the sensor sits on (docs/logbook.md, "Roles"): its own role or the one its mode gives; absent in reports from before roles. */
  role: ZChannelRole.optional(),
  /**
   * Which readings the limit applies to: every reading (continuous), the flush's "after" (runningTest:
   * then `withinLimitShare`, `readingsOutsideLimit` and `longestExcursion` are of resting readings
   * against the growth range: an excursion is a stretch in 25-50 °C), none (growthRange: the same
   * figures, no limit; none: not judged). Absent in reports from before roles (continuous).
   */
  test: z.enum(ROLE_TESTS).optional(),
  /** The limit of the role: what every reading (continuous) or the flush's after (runningTest) must meet; null without one. */
  limit: ZLogbookLimit.nullable(),
  readings: z.number().int(),
  expectedReadings: z.number().int(),
  /** readings / expectedReadings, 0..1 (capped at 1). */
  coverage: z.number(),
  /** Readings at or below -100 °C (broken or missing sensor); not in the figures below. */
  faultyReadings: z.number().int(),
  gaps: z.array(ZStretch),
  min: z.number().nullable(),
  mean: z.number().nullable(),
  max: z.number().nullable(),
  /** Share of the readings that met the limit, 0..1; null without a limit or readings. */
  withinLimitShare: z.number().nullable(),
  readingsOutsideLimit: z.number().int(),
  /** Hours spent strictly between 25 and 50 °C (each reading counts until the next, at most the gap bound). */
  growthRangeHours: z.number(),
  /** The longest run of readings that missed the limit: first such reading to the first one back within it. */
  longestExcursion: ZStretch.nullable(),
  /**
   * Every run of readings that missed the limit, in time order (the last one ends at the period's
   * end when still going). Absent in reports issued before issue 39 (they have the longest only).
   */
  excursions: z.array(ZLogbookExcursion).optional(),
  /** Hours the channel's node was at the location in the period (what growthRangeHours is a part of); absent before issue 39. */
  hoursThere: z.number().optional(),
  /** Whether the flush duty applies: the node flushes (V1, V2) and the channel has a sensor. */
  flushDuty: z.boolean(),
  flushes: z.number().int(),
  flushesProved: z.number().int(),
  flushesFailed: z.number().int(),
  missedFlushes: z.array(ZStretch),
  verdict: ZLogbookChannelVerdict,
});
export type TLogbookChannel = z.infer<typeof ZLogbookChannel>;

/** Flushes of one channel in one week (weeks start Monday 00:00 in the location's time zone). */
export const ZLogbookFlushWeek = z.object({
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  /** Local date of the week's Monday. */
  week: zIsoDate,
  flushes: z.number().int(),
  proved: z.number().int(),
  failed: z.number().int(),
  /** Flushes the duty asks for in this week (at least one per flushEveryHours). */
  required: z.number().int(),
});

/** A flush that did not prove itself: the temperature after it missed the channel's limit. */
export const ZLogbookFailedFlush = z.object({
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string(),
  at: zInstant,
  before: z.number(),
  after: z.number(),
});

/** `temperature`: the sustained-temperature alarm (docs/alarms.md), which exists only as alarm records. */
export const LOGBOOK_ALARM_KINDS = ['lowBattery', 'faultySensor', 'flushAlarm', 'waterDetection', 'offline', 'settingsNotTaken', 'temperature'] as const;
export type TLogbookAlarmKind = (typeof LOGBOOK_ALARM_KINDS)[number];

export const ZLogbookAlarm = z.object({
  kind: z.enum(LOGBOOK_ALARM_KINDS),
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string().nullable(),
  from: zInstant,
  /** null while it still holds at the period's end. */
  to: zInstant.nullable(),
  hours: z.number().nullable(),
  /**
   * From the alarm record (docs/logbook.md, Alarms): who acknowledged and when, who resolved it and
   * when, the corrective action (note); null when nobody did either yet ("not handled"). The times
   * are absent in reports issued before issue 39.
   */
  handling: z
    .object({
      acknowledgedBy: z.string().nullable(),
      acknowledgedAt: zInstant.nullable().optional(),
      resolvedBy: z.string().nullable(),
      resolvedAt: zInstant.nullable().optional(),
      note: z.string().nullable(),
    })
    .nullable(),
});

export const ZLogbookCalibrationChannel = z.object({
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  lastCalibrated: zInstant.nullable(),
  /** Years between calibrations (the node's interval). */
  intervalYears: z.number().int(),
  /** The local date the next calibration is due (YYYY-MM-DD); an instant in reports issued before issue 39. */
  due: z.string().nullable(),
  overdue: z.boolean(),
});

export const ZLogbookCalibration = z.object({
  at: zInstant,
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string(),
  /** The reference thermometer's value. */
  reference: z.number(),
  measured: z.number(),
  offset: z.number(),
  user: z.string().nullable(),
});

/** A setting's value before and after: a number in its unit, on/off, a mode; null when not known before. */
// null within the number's schema: OpenAPI 3.0 (the served document) has no null type, and `nullable` beside an anyOf without a type is invalid there.
const zSettingValue = z.union([z.number().nullable(), z.string(), z.boolean()]);
export const ZLogbookSettingChange = z.object({ setting: z.string(), from: zSettingValue, to: zSettingValue });
export type TLogbookSettingChange = z.infer<typeof ZLogbookSettingChange>;

export const LOGBOOK_CHANGE_KINDS = ['register', 'move', 'remove', 'batterySwap', 'edit', 'channel', 'settings', 'settingsConfirmed', 'provision', 'calibration'] as const;

export const ZLogbookChange = z.object({
  at: zInstant,
  eui: z.string(),
  nodeName: z.string(),
  kind: z.string(),
  /** Who did it; null for what the node reported itself (settings confirmed). */
  user: z.string().nullable(),
  /**
   * A short plain description: the fields changed, from/to of a move. Settings the catalogue knows
   * are in `settings` instead (a report issued before issue 39 has them here, as "2.logInterval: 10 → 15").
   */
  details: z.string(),
  /** The node settings changed, by the catalogue's id (settings/catalogue.ts), written in words by each output; absent before issue 39. */
  settings: z.array(ZLogbookSettingChange).optional(),
});

export const ZLogbookPlace = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

/** One hot outlet in a thermal disinfection: whether it reached a rule, which, for how long. */
export const ZLogbookDisinfectionOutlet = z.object({
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  reached: z.boolean(),
  /** The rule met, or the one it came closest to; null without readings in the window. */
  celsius: z.number().nullable(),
  minutes: z.number().nullable(),
  /** Minutes proven at or above that temperature (first to last reading of the run). */
  heldMinutes: z.number(),
  from: zInstant.nullable(),
  to: zInstant.nullable(),
  max: z.number().nullable(),
});

/** A thermal disinfection (docs/logbook.md, "Thermal disinfection"): detected in the traces or recorded as planned, checked at every hot outlet. */
export const ZLogbookDisinfection = z.object({
  source: z.enum(['detected', 'planned']),
  from: zInstant,
  to: zInstant,
  /** Every hot outlet reached a rule. */
  passed: z.boolean(),
  outlets: z.array(ZLogbookDisinfectionOutlet),
  /** A planned one's note as recorded (docs/logbook.md, "Thermal disinfection"); absent for a detected one. */
  note: z.string().optional(),
});
export type TLogbookDisinfection = z.infer<typeof ZLogbookDisinfection>;

/**
 * What the role rules find beyond the tables above (docs/logbook.md, "Findings"), for the deviation
 * records: a resting outlet in the growth range longer than the rulebook's tolerance, a DE
 * interruption of 4 weeks or more (shut off and flush before use), an outlet a disinfection missed.
 */
export const LOGBOOK_FINDING_KINDS = ['growthRangeTooLong', 'longInterruption', 'disinfectionMissed'] as const;
export const ZLogbookFinding = z.object({
  kind: z.enum(LOGBOOK_FINDING_KINDS),
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  from: zInstant,
  to: zInstant,
  hours: z.number(),
  /** The bound it went past (hours for the first two, °C for a disinfection's rule). */
  bound: z.number(),
});
export type TLogbookFinding = z.infer<typeof ZLogbookFinding>;

export const ZLogbookLocationSection = z.object({
  location: ZLogbookPlace.extend({ timeZone: z.string() }),
  rulebook: ZLogbookRulebook,
  verdict: ZLogbookVerdict,
  nodes: z.number().int(),
  channels: z.array(ZLogbookChannel),
  flushWeeks: z.array(ZLogbookFlushWeek),
  failedFlushes: z.array(ZLogbookFailedFlush),
  alarms: z.array(ZLogbookAlarm),
  calibrationStatus: z.array(ZLogbookCalibrationChannel),
  calibrations: z.array(ZLogbookCalibration),
  changes: z.array(ZLogbookChange),
  /** Every deviation of the period with its state and handling (docs/logbook.md, "Deviations"); absent in reports issued before. */
  deviations: z.array(ZLogbookDeviation).optional(),
  /** Thermal disinfections of the period; absent in reports from before roles. */
  disinfections: z.array(ZLogbookDisinfection).optional(),
  /** Deviations the role rules found (ZLogbookFinding); absent in reports from before roles. */
  findings: z.array(ZLogbookFinding).optional(),
  /** The sampling plan and laboratory results of the period (docs/logbook.md, "Sampling"); absent before issue 40 and without sample points. */
  sampling: ZLogbookSampling.optional(),
  /** The checks at outlets of the period (docs/logbook.md, "Checks at outlets"); absent before issue 41 and without outlets. */
  checks: ZLogbookChecks.optional(),
});
export type TLogbookLocationSection = z.infer<typeof ZLogbookLocationSection>;

export const ZLogbookReport = z.object({
  /** SHA-256 (hex) of the canonical JSON of everything else in the report (logbookContentHash). */
  sha256: z.string(),
  scope: z.enum(['location', 'customer']),
  /** Set when the report was issued (registered); null for a preview or a plain download. */
  number: z.string().nullable(),
  generatedAt: zInstant,
  generatedBy: z.string(),
  period: z.object({ from: zIsoDate, to: zIsoDate, timeZone: z.string(), start: zInstant, end: zInstant }),
  customer: ZLogbookPlace,
  verdict: ZLogbookVerdict,
  locations: z.array(ZLogbookLocationSection),
  /**
   * Set while the period has not ended (a preview): the figures run until this instant, and the
   * PDF, the CSV and the screen say the period is still open. Never set on an issued report.
   */
  judgedUntil: zInstant.optional(),
  /** Who signed the issued report, for whom, and what it supersedes (docs/logbook.md, "Sign-off"); absent on a preview. */
  signOff: ZLogbookSignOff.optional(),
});
export type TLogbookReport = z.infer<typeof ZLogbookReport>;

/**
 * The report's languages (docs/logbook.md, "PDF and CSV"). German has report texts of its own
 * (a German rulebook's inspector reads German) although the screens show English for German.
 */
export const LOGBOOK_REPORT_LANGUAGES = ['nl', 'en', 'de'] as const;
export const ZLogbookReportLanguage = z.enum(LOGBOOK_REPORT_LANGUAGES);
export type TLogbookReportLanguage = z.infer<typeof ZLogbookReportLanguage>;

/** An issued report as the lists show it (the bytes are downloaded separately). */
export const ZIssuedLogbookReport = z.object({
  number: z.string(),
  scope: z.enum(['location', 'customer']),
  customer: z.string(),
  location: z.string().nullable(),
  from: zIsoDate,
  to: zIsoDate,
  rulebook: z.string(),
  verdict: ZLogbookVerdict,
  issuedAt: zInstant,
  issuedBy: z.string(),
  language: ZLogbookReportLanguage,
  /** SHA-256 (hex) of the report's content (its canonical JSON): printed in every page's footer of the PDF. */
  sha256: z.string(),
  /** SHA-256 (hex) of the stored PDF's bytes, to check a copy someone hands over. */
  pdfSha256: z.string(),
  /** Kept at least until (the period's end plus the rulebook's years). */
  keepUntil: zInstant,
  /**
   * Who digitally signed the PDF (docs/logbook.md, "Signature"): the certificate's subject, and
   * `selfSigned` when it is the portal's own certificate (it proves the file unchanged, not who
   * issued it). null: issued before reports were signed.
   */
  signature: z.object({ subject: z.string(), selfSigned: z.boolean() }).nullable(),
  /** Whether this report counts: no later issue of the same subject and period superseded it. */
  current: z.boolean(),
  /** The later report that superseded this one, when, by whom and why; null while it counts. */
  supersededBy: ZLogbookSupersession.nullable(),
  /** The earlier reports of the same subject and period that this one superseded. */
  supersedes: z.array(z.string()),
  /** Who signed it (name and role); null for a report issued before sign-off existed or by the monthly job. */
  signer: z.object({ name: z.string(), role: z.string() }).nullable(),
});
export type TIssuedLogbookReport = z.infer<typeof ZIssuedLogbookReport>;

/**
 * POST .../logbook/issued: the period, the report's language, the signer's confirmation of the
 * statement (`statement: true`, else 400 `validation.statementRequired`), the signer's role as
 * typed, and for a period already issued the reason to supersede it.
 */
export const ZIssueLogbookReportBody = ZLogbookPeriodQuery.extend({
  language: ZLogbookReportLanguage.optional(),
  statement: z.boolean().optional(),
  role: z
    .string()
    .trim()
    .max(LOGBOOK_SIGNER_ROLE_MAX, { error: `validation.tooLong?max=${LOGBOOK_SIGNER_ROLE_MAX}` })
    .optional(),
  reason: z
    .string()
    .trim()
    .max(LOGBOOK_SUPERSEDE_REASON_MAX, { error: `validation.tooLong?max=${LOGBOOK_SUPERSEDE_REASON_MAX}` })
    .optional(),
});
