import {
  CHANNEL_ALARM_KINDS,
  CHANNEL_MODES,
  PROFILES,
  RULEBOOKS,
  calibrationDueDate,
  calibrationOverdue,
  excursionClass,
  requiredFlushes,
  settingAt,
  DEFAULT_SUPPLY_VOLTAGE_THRESHOLD,
  deviationFindings,
  deviationHandling,
  deviationVerdict,
  sampleAlarmResolution,
  checkAlarmResolution,
  DISINFECTION_DETECT_CELSIUS,
  DISINFECTION_RULES,
  effectiveRole,
  effectiveRulebook,
  flushEveryHours,
  isWeakFlush,
  longInterruptions,
  meetsLimit,
  missedFlushes,
  readingJudging,
  roleLimit,
  roleTest,
  roleVerdict,
  rulebookForCountry,
  stagnationToleranceHours,
  temperatureLimit,
  type TAlarmKind,
  type TChannelRole,
  type TLogbookFinding,
  type TChannelMode,
  type TDeviceType,
  type TLogbookChannel,
  type TLogbookSettingChange,
  type TLogbookDeviation,
  type TLogbookLocationSection,
  type TLogbookReport,
  type TRulebookId,
  worstVerdict,
} from '@aquasmart/domain';
import { materialiseDeviations } from '../deviations/deviations-repository';
import { samplingSection } from './logbook-sampling';
import { checksSection } from './logbook-checks';
import type { TDb, TDbOrTx } from '../../db/database';
import type { customers, locations } from '../../db/schema';
import { keepPeriodDays, REPORT_READ_SIZE, type TReadSize } from './logbook-days';
import { disinfectionsOf } from './report-disinfections';
import {
  lastCalibrations,
  listCalibrations,
  listAlarmRecords,
  listChanges,
  type TAlarmRecordRow,
  listFlushes,
  listPeriodChannels,
  expectedReadingsOf,
  nodeStretches,
  historyFigures,
  periodBounds,
  placesAsOf,
  type TChangeRow,
  type TChannelJudging,
  type TLogbookChannelRow,
  type TPeriodBounds,
} from './logbook-repository';

/** A location as the report needs it (a row of `locations`). */
export interface TReportLocation {
  id: number;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  rulebook: TRulebookId | null;
  healthcare: boolean;
  timeZone: string;
}

export interface TReportCustomer {
  id: number;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  rulebook: TRulebookId | null;
}

/** A customer row as the report needs it (a location row gives the same fields, and two more). */
export const reportCustomer = (row: typeof customers.$inferSelect | typeof locations.$inferSelect): TReportCustomer => ({
  id: row.id,
  name: row.name,
  address: row.address,
  postalCode: row.postalCode,
  city: row.city,
  country: row.country,
  rulebook: row.rulebook ?? null,
});
/** A location row as the report needs it. */
export const reportLocation = (row: typeof locations.$inferSelect): TReportLocation => ({ ...reportCustomer(row), healthcare: row.healthcare, timeZone: row.timeZone });

const textOf = (state: Record<string, unknown>, key: string, fallback: string) => (typeof state[key] === 'string' ? state[key] : fallback);

/** The fields a place version holds over the current ones (place_versions, migration 0028). */
function placeAsItWas<T extends TReportCustomer>(place: T, state: Record<string, unknown> | null | undefined): T {
  if (!state) return place;
  const rulebook = state.rulebook;
  return {
    ...place,
    name: textOf(state, 'name', place.name),
    address: textOf(state, 'address', place.address),
    postalCode: textOf(state, 'postalCode', place.postalCode),
    city: textOf(state, 'city', place.city),
    country: textOf(state, 'country', place.country),
    rulebook: rulebook === null ? null : typeof rulebook === 'string' && rulebook in RULEBOOKS ? (rulebook as TRulebookId) : place.rulebook,
    ...('healthcare' in place && typeof state.healthcare === 'boolean' ? { healthcare: state.healthcare } : {}),
    ...('timeZone' in place && typeof state.timeZone === 'string' ? { timeZone: state.timeZone } : {}),
  };
}

/**
 * The customer and locations as they were at the period's end (place_versions): a closed period is
 * judged and printed by the rulebook, healthcare premises, time zone and address it had then.
 */
export async function placesAsTheyWere(
  db: TDbOrTx,
  customer: TReportCustomer,
  places: readonly TReportLocation[],
  period: { from: string; to: string },
): Promise<{ customer: TReportCustomer; locations: TReportLocation[] }> {
  const { end } = await periodBounds(db, period.from, period.to, places[0]?.timeZone ?? 'Europe/Amsterdam');
  const states = await placesAsOf(db, customer.id, places.map((place) => place.id), end);
  return { customer: placeAsItWas(customer, states.customer), locations: places.map((place) => placeAsItWas(place, states.locations.get(place.id))) };
}


const HOUR_MS = 3_600_000;
const localDate = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const iso = (date: Date) => date.toISOString();
const hoursBetween = (from: Date, to: Date) => Math.round(((to.getTime() - from.getTime()) / HOUR_MS) * 100) / 100;
const round = (value: number | null, decimals: number) => (value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals);
const isChannelMode = (mode: string | null): mode is TChannelMode => mode !== null && (CHANNEL_MODES as readonly string[]).includes(mode);

function rulebookOf(location: TReportLocation, customer: TReportCustomer): TLogbookLocationSection['rulebook'] {
  const id = effectiveRulebook(location.rulebook, customer.rulebook, customer.country);
  const source = location.rulebook ? 'location' : customer.rulebook ? 'customer' : 'country';
  const book = RULEBOOKS[id];
  return {
    id,
    source,
    hot: temperatureLimit(id, 'WW', location.healthcare) ?? book.hot,
    cold: book.cold,
    healthcare: location.healthcare,
    flushEveryHours: flushEveryHours(id, location.healthcare),
    retentionYears: book.retentionYears,
    disinfection: DISINFECTION_RULES[id].map((rule) => ({ ...rule })),
  };
}

/** How a channel is judged (docs/logbook.md, "Roles"): its role as it was, the test and limit the role gives, what its readings are judged by. */
export function channelJudging(rulebook: TRulebookId, healthcare: boolean, channel: { role: string | null; mode: string | null }) {
  const mode = isChannelMode(channel.mode) ? channel.mode : null;
  const role: TChannelRole = effectiveRole(channel.role, mode);
  return {
    mode,
    role,
    test: roleTest(role, mode),
    limit: roleLimit(rulebook, role, mode, healthcare),
    readings: readingJudging(rulebook, role, mode, healthcare),
  };
}

/** The Mondays (local dates) of the weeks a period of local dates touches, with the days of each inside the period. */
export function weeksOf(from: string, to: string): { week: string; days: number }[] {
  const day = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  const first = day(from);
  const last = day(to);
  const mondayOffset = (new Date(first).getUTCDay() + 6) % 7;
  const weeks: { week: string; days: number }[] = [];
  for (let monday = first - mondayOffset * 86_400_000; monday <= last; monday += 7 * 86_400_000) {
    const start = Math.max(monday, first);
    const end = Math.min(monday + 6 * 86_400_000, last);
    weeks.push({ week: new Date(monday).toISOString().slice(0, 10), days: Math.round((end - start) / 86_400_000) + 1 });
  }
  return weeks;
}

const formatValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** A setting's value as the JSON keeps it: a number, a text or on/off; anything else is not one setting's value. */
const settingValue = (value: unknown): TLogbookSettingChange['from'] | undefined =>
  value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : undefined;

/**
 * A short plain description of an audit entry or a parameter report. Settings the catalogue knows
 * for the node's type ('2.logInterval') go to `settings`, which each output writes in words and
 * units in its language (docs/logbook.md, "Changes"); other fields stay in the details as stored.
 */
export function changeDetails(change: TChangeRow, type?: TDeviceType): { kind: string; details: string; settings?: TLogbookSettingChange[] } {
  const value = change.value;
  if (change.source === 'report') {
    const registers = Array.isArray(value.registers) ? (value.registers as { register?: number }[]).map((entry) => entry.register).filter((n) => n !== undefined) : [];
    return { kind: 'settingsConfirmed', details: registers.length ? `registers ${registers.join(', ')}` : '' };
  }
  const kind = typeof value.action === 'string' ? value.action : 'edit';
  const parts: string[] = [];
  if (kind === 'channel' && typeof value.channel === 'string') parts.push(value.channel);
  const changes = value.changes && typeof value.changes === 'object' ? (value.changes as Record<string, unknown>) : {};
  const settings: TLogbookSettingChange[] = [];
  for (const [field, pair] of Object.entries(changes)) {
    if (!Array.isArray(pair) || pair.length !== 2) continue;
    const dot = field.indexOf('.');
    const setting = type && dot > 0 ? settingAt(type, Number(field.slice(0, dot)), field.slice(dot + 1)) : undefined;
    const [from, to] = [settingValue(pair[0]), settingValue(pair[1])];
    if (setting && from !== undefined && to !== undefined) settings.push({ setting: setting.id, from, to });
    else parts.push(`${field}: ${formatValue(pair[0])} → ${formatValue(pair[1])}`);
  }
  const details = parts.join('; ');
  return { kind, details: details.length > 300 ? `${details.slice(0, 299)}…` : details, ...(settings.length > 0 ? { settings } : {}) };
}

/**
 * How a deviation found in the history was dealt with: the alarm record of the same kind, node and
 * channel (for the per-channel kinds) that overlaps it the longest; null when there is none or
 * nobody acknowledged or resolved it yet.
 */
export function handlingOf(records: readonly TAlarmRecordRow[], kind: string, eui: string, channelId: string | null, from: Date, to: Date): TLogbookLocationSection['alarms'][number]['handling'] {
  const record = alarmRecordOf(records, kind, eui, channelId, from, to);
  if (!record || (record.acknowledgedBy === null && record.resolvedBy === null)) return null;
  return {
    acknowledgedBy: record.acknowledgedBy,
    acknowledgedAt: record.acknowledgedBy && record.acknowledgedAt ? iso(record.acknowledgedAt) : null,
    resolvedBy: record.resolvedBy,
    resolvedAt: record.resolvedBy && record.resolvedAt ? iso(record.resolvedAt) : null,
    note: record.resolution,
  };
}

/** The alarm record a stretch found in the history was (handlingOf): same kind, node and channel (per-channel kinds), the longest overlap. */
export function alarmRecordOf(records: readonly TAlarmRecordRow[], kind: string, eui: string, channelId: string | null, from: Date, to: Date): TAlarmRecordRow | null {
  let best: { record: TAlarmRecordRow; overlap: number } | null = null;
  for (const record of records) {
    if (record.kind !== kind || record.eui !== eui || (CHANNEL_ALARM_KINDS.includes(record.kind as TAlarmKind) && record.channelId !== channelId)) continue;
    const end = record.closedAt ?? to;
    if (record.openedAt > to || end < from) continue;
    const overlap = Math.min(end.getTime(), to.getTime()) - Math.max(record.openedAt.getTime(), from.getTime());
    if (!best || overlap > best.overlap) best = { record, overlap };
  }
  return best?.record ?? null;
}

/**
 * The section's deviations (docs/logbook.md, "Deviations"): its findings written as records (upsert
 * by key), each with its state: the latest recorded action, else its alarm's resolution, else open.
 */
async function sectionDeviations(
  db: TDbOrTx,
  locationId: number,
  periodStart: Date,
  parts: Pick<TLogbookLocationSection, 'channels' | 'failedFlushes' | 'alarms' | 'calibrationStatus' | 'findings' | 'sampling' | 'checks'>,
  alarmRecords: readonly TAlarmRecordRow[],
  endOf: (eui: string) => Date,
  timeZone: string,
  periodEnd: Date,
): Promise<TLogbookDeviation[]> {
  const findings = deviationFindings(parts, iso(periodStart), timeZone).map((finding) => {
    const found =
      finding.kind === 'alarm' && finding.alarmKind
        ? alarmRecordOf(alarmRecords, finding.alarmKind, finding.eui, finding.channelId, new Date(finding.from), finding.to ? new Date(finding.to) : endOf(finding.eui))
        : null;
    const record = found ? { alarmId: found.id, resolvedBy: found.resolvedBy, resolvedAt: found.resolvedAt ? iso(found.resolvedAt) : null, note: found.resolution } : (sampleAlarmResolution(parts.sampling, finding) ?? checkAlarmResolution(parts.checks, finding, iso(periodEnd)));
    return { ...finding, record };
  });
  const stored = await materialiseDeviations(db, locationId, periodStart, findings.map(({ record, ...finding }) => ({ ...finding, alarmId: record?.alarmId ?? null })));
  return findings.map(({ record, keyStart: _key, ...finding }, index) => ({
    ...finding,
    ...deviationHandling(stored[index].latest, record),
  }));
}

/**
 * The temperature channels of the nodes that were at a location during the period, as they were
 * (listPeriodChannels), each with the limit its rulebook and mode judge it by.
 */
export async function locationChannels(
  db: TDbOrTx,
  customer: TReportCustomer,
  location: TReportLocation,
  bounds: TPeriodBounds,
): Promise<{ channels: TLogbookChannelRow[]; judging: TChannelJudging[] }> {
  const rulebook = effectiveRulebook(location.rulebook, customer.rulebook, customer.country);
  const channels = await listPeriodChannels(db, location.id, bounds);
  const judging = channels.map((channel) => ({
    eui: channel.eui,
    channelId: channel.channelId,
    limit: channelJudging(rulebook, location.healthcare, channel).readings,
  }));
  return { channels, judging };
}

/**
 * Keeps the day summaries a location's report over the period will read (logbook-days.ts), each chunk
 * in its own short transaction: done before the report's reads, so later reports, and this one, read
 * each ended day once.
 */
export async function keepLocationDays(db: TDb, customer: TReportCustomer, location: TReportLocation, period: { from: string; to: string }, now: Date, statementTimeoutMs?: number): Promise<number> {
  const bounds = await periodBounds(db, period.from, period.to, location.timeZone);
  const end = Math.min(bounds.end.getTime(), now.getTime());
  const { judging } = await locationChannels(db, customer, location, { start: bounds.start, end: new Date(Math.max(bounds.start.getTime(), end)) });
  return keepPeriodDays(db, judging, [...new Set(judging.map((channel) => channel.eui))], bounds.start.getTime(), end, Date.now(), statementTimeoutMs);
}

/** Nodes that were at the location for the same time within the period: their history is read over that time together. */
function groupsByPlacement(channels: readonly TLogbookChannelRow[]): { span: TPeriodBounds; channels: TLogbookChannelRow[] }[] {
  const groups = new Map<string, { span: TPeriodBounds; channels: TLogbookChannelRow[] }>();
  for (const channel of channels) {
    const { start, end } = channel.placement;
    const key = `${start.getTime()}/${end.getTime()}`;
    const group = groups.get(key) ?? { span: { start, end }, channels: [] };
    group.channels.push(channel);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The history a location's report reads for a group of nodes over their time there. */
async function readGroup(
  db: TDbOrTx,
  location: TReportLocation,
  group: { span: TPeriodBounds; channels: TLogbookChannelRow[] },
  judging: readonly TChannelJudging[],
  size: TReadSize,
  warm?: { channels: ReadonlySet<string>; celsius: number },
) {
  const { span, channels } = group;
  const euis = [...new Set(channels.map((channel) => channel.eui))];
  const nodeOf = new Map(channels.map((channel) => [channel.eui, channel]));
  const own = new Set(channels.map((channel) => `${channel.eui}/${channel.channelId}`));
  const [history, flushes, batteryAndWater, changes, lastCalibrated, alarmRecords] = await Promise.all([
    historyFigures(db, judging.filter((entry) => own.has(`${entry.eui}/${entry.channelId}`)), span, size, warm),
    listFlushes(db, euis, span, location.timeZone, size),
    nodeStretches(
      db,
      euis.map((eui) => ({ eui, threshold: nodeOf.get(eui)?.supplyVoltageThreshold ?? DEFAULT_SUPPLY_VOLTAGE_THRESHOLD })),
      span,
      size,
    ),
    listChanges(db, euis, span, size),
    lastCalibrations(db, channels, span.end),
    listAlarmRecords(db, euis, span),
  ]);
  return { ...history, flushes, batteryAndWater, changes, lastCalibrated, alarmRecords };
}

/** The reads of every group as one: what one group gives, in the order one read of all would. */
async function readPlacements(
  db: TDbOrTx,
  location: TReportLocation,
  channels: readonly TLogbookChannelRow[],
  judging: readonly TChannelJudging[],
  size: TReadSize,
  warm?: { channels: ReadonlySet<string>; celsius: number },
) {
  const reads = [];
  // One group at a time, like the locations of a customer: the reads take their turns anyway.
  for (const group of groupsByPlacement(channels)) reads.push(await readGroup(db, location, group, judging, size, warm));
  if (reads.length === 1) return reads[0];
  const byTime = <T extends { eui: string }>(at: (row: T) => number) => (a: T, b: T) => at(a) - at(b) || (a.eui < b.eui ? -1 : a.eui > b.eui ? 1 : 0);
  return {
    figures: reads.flatMap((read) => read.figures),
    stretches: reads.flatMap((read) => read.stretches).sort(byTime((row) => row.from.getTime())),
    offline: reads.flatMap((read) => read.offline),
    warmDays: [...new Set(reads.flatMap((read) => read.warmDays))].sort((a, b) => a - b),
    flushes: reads.flatMap((read) => read.flushes).sort(byTime((row) => row.at.getTime())),
    batteryAndWater: reads.flatMap((read) => read.batteryAndWater).sort(byTime((row) => row.from.getTime())),
    changes: reads.flatMap((read) => read.changes).sort(byTime((row) => row.at.getTime())),
    lastCalibrated: new Map(reads.flatMap((read) => [...read.lastCalibrated])),
    alarmRecords: reads.flatMap((read) => read.alarmRecords).sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime()),
  };
}

/** One location's section of the report over a period. */
export async function buildLocationSection(
  db: TDbOrTx,
  customer: TReportCustomer,
  location: TReportLocation,
  period: { from: string; to: string },
  now: Date,
  bounds?: TPeriodBounds,
  size: TReadSize = REPORT_READ_SIZE,
): Promise<TLogbookLocationSection> {
  const rulebook = rulebookOf(location, customer);
  const whole = bounds ?? (await periodBounds(db, period.from, period.to, location.timeZone));
  // A period that runs on past now (this month) is judged until now: the future has no readings to expect yet.
  const span = { start: whole.start, end: new Date(Math.max(whole.start.getTime(), Math.min(whole.end.getTime(), now.getTime()))) };
  const { channels, judging } = await locationChannels(db, customer, location, span);
  const euis = [...new Set(channels.map((channel) => channel.eui))];
  const nodeOf = new Map(channels.map((channel) => [channel.eui, channel]));
  const key = (eui: string, channelId: string) => `${eui}/${channelId}`;

  const judgingOf = new Map(channels.map((channel) => [key(channel.eui, channel.channelId), channelJudging(rulebook.id, location.healthcare, channel)]));
  // Hot outlets: where a thermal disinfection must reach (docs/logbook.md, "Thermal disinfection").
  const hotOutlets = channels.filter((channel) => {
    const judged = judgingOf.get(key(channel.eui, channel.channelId));
    return judged?.role === 'outlet' && judged.mode === 'WW';
  });
  const detectAt = DISINFECTION_DETECT_CELSIUS[rulebook.id];
  const warm = detectAt === null || hotOutlets.length === 0 ? undefined : { channels: new Set(hotOutlets.map((channel) => key(channel.eui, channel.channelId))), celsius: detectAt };
  const [{ figures, stretches, offline, flushes, batteryAndWater, changes, lastCalibrated, alarmRecords, warmDays }, calibrations] = await Promise.all([
    readPlacements(db, location, channels, judging, size, warm),
    listCalibrations(db, location.id, span),
  ]);
  const figuresOf = new Map(figures.map((row) => [key(row.eui, row.channelId), row]));
  // The weeks of a node's time there (local dates): a node placed mid-period owes no flush before it came.
  const weeksThere = ({ start, end }: TPeriodBounds) => (end > start ? weeksOf(localDate(start, location.timeZone), localDate(new Date(end.getTime() - 1), location.timeZone)) : []);

  const channelRows: TLogbookChannel[] = [];
  const flushWeeks: TLogbookLocationSection['flushWeeks'] = [];
  const failedFlushes: TLogbookLocationSection['failedFlushes'] = [];
  const findings: TLogbookFinding[] = [];
  for (const channel of channels) {
    const id = key(channel.eui, channel.channelId);
    const figure = figuresOf.get(id);
    const { mode, role, test, limit, readings: readingLimit } = judgingOf.get(id) ?? channelJudging(rulebook.id, location.healthcare, channel);
    const readings = figure?.readings ?? 0;
    const there = channel.placement;
    const expectedReadings = expectedReadingsOf(there);
    const coverage = Math.min(1, readings / expectedReadings);
    const own = stretches.filter((stretch) => stretch.eui === channel.eui && stretch.channelId === channel.channelId);
    // Every excursion, in time order; the longest (ties: the earliest) stays the summary's figure.
    const excursions = own.filter((stretch): stretch is typeof stretch & { to: Date } => stretch.kind === 'excursion' && stretch.to !== null);
    const excursion = excursions.reduce<(typeof excursions)[number] | undefined>(
      (longest, run) => (!longest || run.to.getTime() - run.from.getTime() > longest.to.getTime() - longest.from.getTime() ? run : longest),
      undefined,
    );
    const channelFlushes = flushes.filter((flush) => flush.eui === channel.eui && `temperature${flush.channel}` === channel.channelId);
    // The faucet flushes one outlet and its flush message names the channel it measured: the duty is on
    // that channel; a node with a faucet that reported no flush at all has it on channel 1, the faucet's
    // default. A node without a faucet (no flush device) flushes nothing and has no duty.
    const nodeFlushed = flushes.some((flush) => flush.eui === channel.eui);
    const flushDuty =
      PROFILES[channel.type]?.flush != null &&
      readings > 0 &&
      (channelFlushes.length > 0 || (channel.hasFaucet && !nodeFlushed && channel.channelId === 'temperature1'));
    // A flush proves itself when its "after" meets the role's limit (the running-water test at an outlet); without a limit it proves nothing either way.
    const judged = channelFlushes.map((flush) => ({ flush, proved: limit && flush.after > -100 ? meetsLimit(limit, flush.after) : null }));
    const missed = flushDuty ? missedFlushes(rulebook.id, channelFlushes.map((flush) => flush.at.getTime()), there.start.getTime(), there.end.getTime(), location.healthcare) : [];
    const missedRows = missed.map((stretch) => ({ from: iso(new Date(stretch.from)), to: iso(new Date(stretch.to)), hours: hoursBetween(new Date(stretch.from), new Date(stretch.to)) }));
    const outside = figure?.outside ?? 0;
    const excursionRow = excursion?.to ? { from: iso(excursion.from), to: iso(excursion.to), hours: hoursBetween(excursion.from, excursion.to) } : null;
    // Outlets and mixed outlets: the excursion is the longest stretch in the growth range, judged against the stagnation tolerance.
    const resting = test === 'runningTest' || test === 'growthRange';
    const tolerance = stagnationToleranceHours(rulebook.id, location.healthcare);
    const named = { eui: channel.eui, nodeName: channel.nodeName, channelId: channel.channelId, channelName: channel.channelName };
    if (resting && excursionRow && excursionRow.hours > tolerance) findings.push({ kind: 'growthRangeTooLong', ...named, ...excursionRow, bound: tolerance });
    for (const stretch of longInterruptions(rulebook.id, missedRows)) findings.push({ kind: 'longInterruption', ...named, ...stretch, bound: 4 * 7 * 24 });
    channelRows.push({
      eui: channel.eui,
      nodeName: channel.nodeName,
      channelId: channel.channelId,
      channelName: channel.channelName,
      mode,
      role,
      test,
      limit,
      readings,
      expectedReadings,
      coverage: round(coverage, 4) as number,
      faultyReadings: figure?.faultyReadings ?? 0,
      gaps: own.filter((stretch) => stretch.kind === 'gap' && stretch.to).map((stretch) => ({ from: iso(stretch.from), to: iso(stretch.to as Date), hours: hoursBetween(stretch.from, stretch.to as Date) })),
      min: round(figure?.min ?? null, 1),
      mean: round(figure?.mean ?? null, 1),
      max: round(figure?.max ?? null, 1),
      withinLimitShare: readingLimit && figure && figure.judged > 0 ? (round((figure.judged - figure.outside) / figure.judged, 4)) : null,
      readingsOutsideLimit: outside,
      growthRangeHours: round(figure?.growthRangeHours ?? 0, 2) as number,
      longestExcursion: excursionRow,
      excursions: excursions.map((run) => ({
        from: iso(run.from),
        to: iso(run.to),
        hours: hoursBetween(run.from, run.to),
        durationClass: excursionClass(run.to.getTime() - run.from.getTime()),
      })),
      hoursThere: hoursBetween(there.start, there.end),
      flushDuty,
      flushes: channelFlushes.length,
      flushesProved: judged.filter((entry) => entry.proved === true).length,
      flushesFailed: judged.filter((entry) => entry.proved === false).length,
      missedFlushes: missedRows,
      verdict: roleVerdict(test, {
        coverage,
        readingsOutsideLimit: outside,
        missedFlushes: missed.length,
        failedFlushes: judged.filter((entry) => entry.proved === false).length,
        longestGrowthRangeHours: resting ? (excursionRow?.hours ?? null) : null,
        toleranceHours: tolerance,
      }),
    });
    for (const entry of judged) {
      if (entry.proved === false) {
        failedFlushes.push({ eui: channel.eui, nodeName: channel.nodeName, channelId: channel.channelId, at: iso(entry.flush.at), before: entry.flush.before, after: entry.flush.after });
      }
    }
    if (flushDuty) {
      for (const { week, days } of weeksThere(there)) {
        const inWeek = judged.filter((entry) => entry.flush.week === week);
        flushWeeks.push({
          eui: channel.eui,
          nodeName: channel.nodeName,
          channelId: channel.channelId,
          channelName: channel.channelName,
          week,
          flushes: inWeek.length,
          proved: inWeek.filter((entry) => entry.proved === true).length,
          failed: inWeek.filter((entry) => entry.proved === false).length,
          required: requiredFlushes(days, rulebook.flushEveryHours),
        });
      }
    }
  }
  failedFlushes.sort((a, b) => a.at.localeCompare(b.at));
  const disinfections = await disinfectionsOf(db, location.id, rulebook.id, hotOutlets, warmDays, span);
  for (const disinfection of disinfections) {
    for (const outlet of disinfection.outlets.filter((entry) => !entry.reached)) {
      const { eui, nodeName, channelId, channelName } = outlet;
      findings.push({ kind: 'disinfectionMissed', eui, nodeName, channelId, channelName, from: disinfection.from, to: disinfection.to, hours: hoursBetween(new Date(disinfection.from), new Date(disinfection.to)), bound: outlet.celsius ?? 0 });
    }
  }
  findings.sort((a, b) => a.from.localeCompare(b.from) || a.eui.localeCompare(b.eui) || a.channelId.localeCompare(b.channelId));
  // A hot outlet a disinfection did not reach is a deviation of that outlet (unless its data are insufficient to judge).
  const missedBy = new Set(findings.filter((finding) => finding.kind === 'disinfectionMissed').map((finding) => key(finding.eui, finding.channelId)));
  for (const row of channelRows) if (missedBy.has(key(row.eui, row.channelId)) && row.verdict !== 'insufficientData') row.verdict = 'deviations';

  const nodeName = (eui: string) => nodeOf.get(eui)?.nodeName ?? eui;
  const thereOf = (eui: string): TPeriodBounds => nodeOf.get(eui)?.placement ?? span;
  const openEnd = (to: Date | null, eui: string) => to ?? thereOf(eui).end;
  const alarms: TLogbookLocationSection['alarms'] = [
    ...[...offline, ...batteryAndWater].map((stretch) => ({
      kind: stretch.kind,
      eui: stretch.eui,
      nodeName: nodeName(stretch.eui),
      channelId: null,
      from: iso(stretch.from),
      to: stretch.to ? iso(stretch.to) : null,
      hours: hoursBetween(stretch.from, openEnd(stretch.to, stretch.eui)),
      handling: handlingOf(alarmRecords, stretch.kind, stretch.eui, null, stretch.from, openEnd(stretch.to, stretch.eui)),
    })),
    ...stretches
      .filter((stretch) => stretch.kind === 'faulty')
      .map((stretch) => ({
        kind: 'faultySensor' as const,
        eui: stretch.eui,
        nodeName: nodeName(stretch.eui),
        channelId: stretch.channelId,
        from: iso(stretch.from),
        to: stretch.to ? iso(stretch.to) : null,
        hours: hoursBetween(stretch.from, openEnd(stretch.to, stretch.eui)),
        handling: handlingOf(alarmRecords, 'faultySensor', stretch.eui, stretch.channelId, stretch.from, openEnd(stretch.to, stretch.eui)),
      })),
    ...flushes
      .filter((flush) => isWeakFlush(flush.before, flush.after, nodeOf.get(flush.eui)?.minimumDeviation ?? 0))
      .map((flush) => ({
        kind: 'flushAlarm' as const,
        eui: flush.eui,
        nodeName: nodeName(flush.eui),
        channelId: `temperature${flush.channel}`,
        from: iso(flush.at),
        to: iso(flush.at),
        hours: 0,
        handling: handlingOf(alarmRecords, 'flushAlarm', flush.eui, null, flush.at, flush.at),
      })),
    // Settings not taken and the sustained-temperature alarm exist only as alarm records (the history
    // keeps no such state; the temperature alarm's duration is the customer's setting, docs/alarms.md).
    ...alarmRecords
      .filter((record): record is typeof record & { kind: 'settingsNotTaken' | 'temperature' } => record.kind === 'settingsNotTaken' || record.kind === 'temperature')
      .filter((record) => record.kind !== 'temperature' || record.channelId !== null)
      .map((record) => {
        const there = thereOf(record.eui);
        const from = record.openedAt < there.start ? there.start : record.openedAt;
        return {
          kind: record.kind,
          eui: record.eui,
          nodeName: nodeName(record.eui),
          channelId: record.kind === 'temperature' ? record.channelId : null,
          from: iso(from),
          to: record.closedAt && record.closedAt < there.end ? iso(record.closedAt) : null,
          hours: hoursBetween(from, record.closedAt && record.closedAt < there.end ? record.closedAt : there.end),
          handling: handlingOf([record], record.kind, record.eui, record.channelId, from, from),
        };
      }),
  ].sort((a, b) => a.from.localeCompare(b.from) || a.eui.localeCompare(b.eui));

  const calibrationStatus = channels.map((channel) => {
    const last = lastCalibrated.get(key(channel.eui, channel.channelId)) ?? null;
    const due = last ? calibrationDueDate(last, channel.calibrationInterval, location.timeZone) : null;
    return {
      eui: channel.eui,
      nodeName: channel.nodeName,
      channelId: channel.channelId,
      channelName: channel.channelName,
      lastCalibrated: last ? iso(last) : null,
      intervalYears: channel.calibrationInterval,
      due,
      overdue: calibrationOverdue(due, channel.placement.end, location.timeZone),
    };
  });

  const verdicts = channelRows.map((row) => row.verdict);
  const sampling = await samplingSection(db, location.id, rulebook.id, location.timeZone, span);
  // The checks at outlets (docs/logbook.md, "Checks at outlets"): only for a location with outlets.
  const checks = await checksSection(db, location, rulebook.id, period, span, now);
  const deviations = await sectionDeviations(db, location.id, span.start, { channels: channelRows, failedFlushes, alarms, calibrationStatus, findings, sampling, checks }, alarmRecords, (eui) => thereOf(eui).end, location.timeZone, span.end);
  return {
    location: { id: location.id, name: location.name, address: location.address, postalCode: location.postalCode, city: location.city, country: location.country, timeZone: location.timeZone },
    rulebook,
    verdict: deviationVerdict(verdicts, deviations.map((deviation) => deviation.state)),
    nodes: euis.length,
    channels: channelRows,
    flushWeeks,
    failedFlushes,
    alarms,
    calibrationStatus,
    calibrations: calibrations.map((row) => ({ at: iso(row.at), eui: row.eui, nodeName: nodeName(row.eui), channelId: row.channelId, reference: row.reference, measured: row.measured, offset: row.offset, user: row.user })),
    changes: changes.map((change) => ({ at: iso(change.at), eui: change.eui, nodeName: nodeName(change.eui), user: change.user, ...changeDetails(change, nodeOf.get(change.eui)?.type) })),
    deviations,
    disinfections,
    findings,
    ...(sampling ? { sampling } : {}),
    ...(checks ? { checks } : {}),
  };
}

/** The report without its hash; `withContentHash` adds it. */
export type TUnhashedReport = Omit<TLogbookReport, 'sha256'>;

/** The report of one location, or of every location of a customer (a section each, by name). */
export async function buildReport(
  db: TDbOrTx,
  args: {
    scope: 'location' | 'customer';
    customer: TReportCustomer;
    locations: TReportLocation[];
    period: { from: string; to: string };
    generatedBy: string;
    now: Date;
    /** How much one statement reads (the same report whatever the size). */
    readSize?: TReadSize;
    /** Called after each location's section. */
    onSection?: () => void;
  },
): Promise<TUnhashedReport> {
  const timeZone = args.locations[0]?.timeZone ?? 'Europe/Amsterdam';
  const bounds = await periodBounds(db, args.period.from, args.period.to, timeZone);
  const sections: TLogbookLocationSection[] = [];
  // One location at a time: each reads its own history, and a customer's memory stays one location's figures.
  for (const location of args.locations) {
    sections.push(await buildLocationSection(db, args.customer, location, args.period, args.now, location.timeZone === timeZone ? bounds : undefined, args.readSize));
    args.onSection?.();
  }
  const { customer } = args;
  return {
    scope: args.scope,
    number: null,
    generatedAt: args.now.toISOString(),
    generatedBy: args.generatedBy,
    period: { from: args.period.from, to: args.period.to, timeZone, start: iso(bounds.start), end: iso(bounds.end) },
    customer: { id: customer.id, name: customer.name, address: customer.address, postalCode: customer.postalCode, city: customer.city, country: customer.country },
    verdict: worstVerdict(sections.map((section) => section.verdict)),
    locations: sections,
  };
}

/** The rulebook a customer report is kept by: the longest-kept of its locations' (the customer's own without locations). */
export function reportRulebook(report: TUnhashedReport): TRulebookId {
  const ids = report.locations.map((section) => section.rulebook.id);
  if (ids.length === 0) return rulebookForCountry(report.customer.country);
  return ids.reduce((longest, id) => (RULEBOOKS[id].retentionYears > RULEBOOKS[longest].retentionYears ? id : longest));
}
