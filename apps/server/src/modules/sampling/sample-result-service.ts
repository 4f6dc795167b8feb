import {
  addLocalDays,
  effectivePlan,
  groupLabRows,
  judgeResult,
  labCsvColumns,
  localDateIn,
  messageKey,
  MESSAGE,
  opensAlarm,
  perLitre,
  readLabCsvRow,
  repeatsReport,
  SAMPLE_COUNTS_MAX,
  sampleNotification,
  type TLabCsvColumn,
  type TLabCsvMapping,
  type TLabCsvRow,
  type TSampleResult,
  type TSampleResultImportReport,
  type TSampleResultInput,
  type TSampleResultListQuery,
  type TSampleReportInput,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { closeSubjects, observeOpenAlarm, openAlarmsOf, openSubjects, type TOpenAlarm } from '../alarm-store/alarm-store';
import type { TAlarmSubject } from '../alarm-store/alarm-subject';
import { recordPlatformLabResults } from '../platforms/platform-outbox';
import { csvMappingError, csvRowError, readCsv } from './sampling-csv';
import { listPoints, readPlan, type TSamplingPlace } from './sample-point-repository';
import { findResults, insertResults, latestOfPoints, listResults, setResultAlarms, takenSampleIds, type TNewResult, type TResultRecord, type TStoredCount } from './sample-result-repository';
import { requireSamplingPlace, rulebookOf } from './sample-point-service';
import { runSamplingDueStep } from './sampling-due';
import { decodeReport, readReport, storeReport, type TDecodedReport } from './sample-report';

/**
 * Laboratory results (docs/sampling.md): entered by hand or from the lab's CSV, judged by the
 * location's rulebook, stored as reported. The legal step is taken in the same transaction as the
 * entry: a result at or above the first threshold opens an alarm on its sample point (critical at or
 * above the report threshold), or joins the point's open one; a compliant result closes it. The
 * notification text is prepared from the stored figures whenever a result is read.
 */

/** A result as the form or a line group of the file gives it, before its point is known. */
interface TResultInput {
  /** The file's first line of the result (CSV only): refusals name it. */
  line: number | null;
  point: { id: number } | { name: string };
  sampleId: string;
  takenAt: number;
  lab: string;
  accreditation: string | null;
  method: string;
  waterCelsius: number | null;
  counts: TStoredCount[];
}

/** Allowed clock difference between a lab's time and ours. */
const FUTURE_MARGIN_MS = 5 * 60_000;
export const LEGIONELLA_ALARM = 'legionella' as const;

function refusal(input: TResultInput, field: { form: string; csv: TLabCsvColumn }, key: string): ApiError {
  if (input.line !== null) return csvRowError({ line: input.line, field: field.csv, key });
  return ApiError.badRequest('The result is not valid', { [field.form]: key });
}

const pointSubject = (samplePointId: number): TAlarmSubject => ({ type: 'samplePoint', samplePointId });

/** The highest count of a result as the lab reported it (for the notification). */
function highestCount(counts: readonly TStoredCount[]): TStoredCount | null {
  let best: TStoredCount | null = null;
  for (const entry of counts) {
    if (entry.count === null) continue;
    if (best === null || perLitre(entry.count, entry.unit) > perLitre(best.count as number, best.unit)) best = entry;
  }
  return best;
}

export function toSampleResult(record: TResultRecord): TSampleResult {
  const highest = highestCount(record.counts);
  const notification =
    record.legalStep === 'none' || highest === null
      ? null
      : sampleNotification({
          rulebook: record.rulebook,
          legalStep: record.legalStep,
          repeated: record.repeatedReport,
          customer: record.customer,
          location: record.location,
          timeZone: record.timeZone,
          point: record.pointName,
          role: record.pointRole,
          sampleId: record.sampleId,
          lab: record.lab,
          method: record.method,
          takenAt: record.takenAt,
          count: highest.count as number,
          unit: highest.unit,
          perLitre: record.highestPerLitre ?? perLitre(highest.count as number, highest.unit),
          resampleDue: record.resampleDue,
        });
  return {
    id: record.id,
    customer: record.customer,
    location: record.location,
    samplePointId: record.samplePointId,
    pointName: record.pointName,
    sampleId: record.sampleId,
    takenAt: record.takenAt,
    lab: record.lab,
    accreditation: record.accreditation,
    method: record.method,
    waterCelsius: record.waterCelsius,
    counts: record.counts,
    rulebook: record.rulebook,
    highestPerLitre: record.highestPerLitre,
    verdict: record.verdict,
    legalStep: record.legalStep,
    severity: record.severity,
    resample: record.resample,
    alarmId: record.alarmId,
    resampleDue: record.resampleDue,
    notification,
    report: record.report ? { ...record.report, url: `/sample-results/${record.id}/report` } : null,
    source: record.source,
    enteredAt: record.enteredAt,
    enteredBy: record.enteredBy,
  };
}

/** The alarm details of a result that opened or joined its point's alarm: the figures and the step. */
function alarmDetails(result: TNewResult & { id: number }, pointName: string): Record<string, unknown> {
  const highest = highestCount(result.counts);
  return {
    samplePointId: result.samplePointId,
    pointName,
    resultId: result.id,
    sampleId: result.sampleId,
    takenAt: result.takenAt,
    count: highest?.count ?? null,
    unit: highest?.unit ?? null,
    perLitre: result.highestPerLitre,
    rulebook: result.rulebook,
    verdict: result.verdict,
    legalStep: result.legalStep,
    severity: result.severity,
    repeatedReport: result.repeatedReport,
    resampleDue: result.resampleDue,
  };
}

/**
 * Judges, stores and acts on the results in one transaction: every input is checked first (its point
 * at the location, a sample id not yet entered, a time not in the future), so a refusal leaves nothing.
 */
async function enterResults(tx: TDbOrTx, user: TAuthUser, place: TSamplingPlace, inputs: readonly TResultInput[], source: 'form' | 'csv', now: Date): Promise<number[]> {
  const points = await listPoints(tx, place.locationId);
  const byId = new Map(points.map((point) => [point.id, point]));
  const byName = new Map(points.map((point) => [point.name, point]));
  const taken = await takenSampleIds(tx, place.locationId, inputs.map((input) => input.sampleId));
  const seen = new Set<string>();
  const resolved = inputs.map((input) => {
    const point = 'id' in input.point ? byId.get(input.point.id) : byName.get(input.point.name);
    if (!point) throw refusal(input, { form: 'samplePointId', csv: 'point' }, 'validation.samplePointUnknown');
    if (taken.has(input.sampleId) || seen.has(input.sampleId)) throw refusal(input, { form: 'sampleId', csv: 'sampleId' }, 'validation.sampleIdTaken');
    seen.add(input.sampleId);
    if (input.takenAt > now.getTime() + FUTURE_MARGIN_MS) throw refusal(input, { form: 'takenAt', csv: 'takenAt' }, 'validation.takenAtInFuture');
    if (input.counts.length > SAMPLE_COUNTS_MAX) throw refusal(input, { form: 'counts', csv: 'count' }, messageKey(MESSAGE.tooLong, { max: SAMPLE_COUNTS_MAX }));
    return { input, point };
  });

  const rulebook = rulebookOf(place);
  const plan = effectivePlan(rulebook, await readPlan(tx, place.locationId));
  const previous = await latestOfPoints(tx, [...new Set(resolved.map((entry) => entry.point.id))]);
  // In time order per point, so a re-sample in the same file follows the result it repeats.
  const ordered = [...resolved].sort((a, b) => a.input.takenAt - b.input.takenAt);
  const judged: TNewResult[] = ordered.map(({ input, point }) => {
    const judgement = judgeResult(rulebook, input.counts);
    const before = previous.get(point.id) ?? null;
    previous.set(point.id, { takenAt: input.takenAt, verdict: judgement.verdict });
    return {
      samplePointId: point.id,
      sampleId: input.sampleId,
      takenAt: new Date(input.takenAt).toISOString(),
      lab: input.lab,
      accreditation: input.accreditation,
      method: input.method,
      waterCelsius: input.waterCelsius,
      counts: input.counts,
      rulebook,
      highestPerLitre: judgement.highestPerLitre,
      verdict: judgement.verdict,
      legalStep: judgement.legalStep,
      severity: judgement.severity,
      resample: before !== null && opensAlarm(before.verdict),
      repeatedReport: repeatsReport(rulebook, judgement.verdict, before?.verdict ?? null),
      resampleDue: opensAlarm(judgement.verdict) ? addLocalDays(localDateIn(new Date(input.takenAt), place.timeZone), plan.resampleWithinDays) : null,
      source,
    };
  });
  const ids = await insertResults(tx, place.locationId, user, judged);
  await takeLegalSteps(tx, place, judged.map((result, index) => ({ ...result, id: ids[index] })), new Map(points.map((point) => [point.id, point.name])), now);
  // The external platforms receive each result with its verdict and alarm (docs/platforms.md, "labResult").
  await recordPlatformLabResults(tx, ids);
  // A sampling ends its point's samplingOverdue alarm (unless an older result leaves it overdue).
  await runSamplingDueStep(tx, now, { locationId: place.locationId });
  return ids;
}

/** Opens, joins or closes each point's alarm, result by result in time order; links each result to its alarm. */
async function takeLegalSteps(tx: TDbOrTx, place: TSamplingPlace, results: readonly (TNewResult & { id: number })[], names: Map<number, string>, now: Date): Promise<void> {
  const pointIds = [...new Set(results.map((result) => result.samplePointId))];
  const found = await openAlarmsOf(tx, LEGIONELLA_ALARM, pointIds.map(pointSubject));
  const open = new Map<number, TOpenAlarm | null>(pointIds.map((id, index) => [id, found[index]]));
  const links: { resultId: number; alarmId: number }[] = [];
  for (const result of results) {
    const current = open.get(result.samplePointId) ?? null;
    const details = alarmDetails(result, names.get(result.samplePointId) ?? '');
    const change = { kind: LEGIONELLA_ALARM, subject: pointSubject(result.samplePointId), at: now.getTime(), customerId: place.customerId, locationId: place.locationId };
    if (opensAlarm(result.verdict)) {
      // Handled already, and still over: the handling did not work. That alarm closes and a new one
      // asks for handling again (and, at a report threshold, the authority told again: NL art. 41).
      if (current?.resolved) {
        await closeSubjects(tx, [{ ...change, details: { resultId: result.id, sampleId: result.sampleId, verdict: result.verdict, reason: 'exceededAfterHandling' } }]);
        open.set(result.samplePointId, null);
      }
      const unhandled = current?.resolved ? null : current;
      if (unhandled) {
        const severity = unhandled.details.severity === 'critical' || result.severity === 'critical' ? 'critical' : 'warning';
        const merged = { ...unhandled.details, ...details, severity };
        await observeOpenAlarm(tx, unhandled.id, now.getTime(), merged, details);
        open.set(result.samplePointId, { id: unhandled.id, details: merged, resolved: false });
        links.push({ resultId: result.id, alarmId: unhandled.id });
      } else {
        await openSubjects(tx, [{ ...change, details }]);
        const [opened] = await openAlarmsOf(tx, LEGIONELLA_ALARM, [change.subject]);
        open.set(result.samplePointId, opened);
        if (opened) links.push({ resultId: result.id, alarmId: opened.id });
      }
    } else if (result.verdict === 'compliant' && current) {
      // The condition is gone: a compliant result at the point (its handling stays the users': docs/alarms.md).
      await closeSubjects(tx, [{ ...change, details: { resultId: result.id, sampleId: result.sampleId, verdict: result.verdict } }]);
      open.set(result.samplePointId, null);
    }
  }
  await setResultAlarms(tx, links);
}

async function readResults(db: TDbOrTx, ids: readonly number[]): Promise<TSampleResult[]> {
  const byId = new Map((await findResults(db, ids)).map((record) => [record.id, record]));
  return ids.map((id) => toSampleResult(byId.get(id) as TResultRecord));
}

/** One result entered by hand. */
export async function enterResult(db: TDb, user: TAuthUser, customer: string, location: string, body: TSampleResultInput, now = new Date()): Promise<TSampleResult> {
  // The PDF is checked before anything is written: a refused file leaves no result either.
  const report = body.report ? decodeReport(body.report, 'report.data') : null;
  return db.transaction(async (tx) => {
    const place = await requireSamplingPlace(tx, user, customer, location, true);
    const input: TResultInput = {
      line: null,
      point: { id: body.samplePointId },
      sampleId: body.sampleId,
      takenAt: Date.parse(body.takenAt),
      lab: body.lab,
      accreditation: body.accreditation ?? null,
      method: body.method,
      waterCelsius: body.waterCelsius ?? null,
      counts: body.counts.map((entry) => ({ species: entry.species, serogroup: entry.serogroup ?? null, count: entry.count, detectionLimit: entry.detectionLimit ?? null, unit: entry.unit })),
    };
    const [id] = await enterResults(tx, user, place, [input], 'form', now);
    if (report) await storeReport(tx, id, report, user.email);
    return (await readResults(tx, [id]))[0];
  });
}

/** The lab's file: every line read and checked before anything is stored; one bad line is a 400 with its line and field. */
export async function importResults(
  db: TDb,
  user: TAuthUser,
  customer: string,
  location: string,
  text: string,
  mapping: TLabCsvMapping = {},
  now = new Date(),
): Promise<TSampleResultImportReport> {
  const { header, records } = readCsv(text);
  const head = labCsvColumns(header, mapping);
  if ('issue' in head) throw head.issue.line === null ? csvMappingError(head.issue) : csvRowError(head.issue);
  return db.transaction(async (tx) => {
    const place = await requireSamplingPlace(tx, user, customer, location, true);
    const rows: TLabCsvRow[] = [];
    for (const record of records) {
      const cells: Partial<Record<TLabCsvColumn, string>> = {};
      head.columns.forEach((column, index) => {
        if (column) cells[column] = record.cells[index] ?? '';
      });
      const read = readLabCsvRow(record.line, cells, place.timeZone);
      if ('issue' in read) throw csvRowError(read.issue);
      rows.push(read.row);
    }
    const grouped = groupLabRows(rows);
    if ('issue' in grouped) throw csvRowError(grouped.issue);
    const inputs: TResultInput[] = grouped.results.map((result) => ({ ...result, point: { name: result.point } }));
    const ids = await enterResults(tx, user, place, inputs, 'csv', now);
    const results = await findResults(tx, ids);
    return {
      imported: ids.length,
      alarms: results
        .filter((result) => result.alarmId !== null)
        .sort((a, b) => a.id - b.id)
        .map((result) => ({ resultId: result.id, sampleId: result.sampleId, verdict: result.verdict, alarmId: result.alarmId as number })),
    };
  });
}

export async function listLocationResults(db: TDb, user: TAuthUser, customer: string, location: string, query: TSampleResultListQuery): Promise<{ rows: TSampleResult[]; total: number }> {
  const place = await requireSamplingPlace(db, user, customer, location);
  const page = await listResults(db, place.locationId, query);
  return { rows: page.rows.map(toSampleResult), total: page.total };
}

/** A result the user may read (its customer in their scope), else 404. */
async function requireResult(db: TDbOrTx, user: TAuthUser, id: number): Promise<TResultRecord> {
  const [record] = await findResults(db, [id]);
  if (!record || !inCustomerScope(user, record.customerId)) throw ApiError.notFound(`No sample result ${id}`);
  return record;
}

export async function readResult(db: TDb, user: TAuthUser, id: number): Promise<TSampleResult> {
  return toSampleResult(await requireResult(db, user, id));
}

/** The lab's PDF attached to a result entered before; 409 when it has one already. */
export async function attachReport(db: TDb, user: TAuthUser, id: number, body: TSampleReportInput): Promise<TSampleResult> {
  const report = decodeReport(body, 'data');
  return db.transaction(async (tx) => {
    await requireResult(tx, user, id);
    await storeReport(tx, id, report, user.email);
    return toSampleResult(await requireResult(tx, user, id));
  });
}

/** The PDF of a result the user may read; 404 when the result is not theirs or has none. */
export async function readResultReport(db: TDb, user: TAuthUser, id: number): Promise<TDecodedReport> {
  await requireResult(db, user, id);
  const report = await readReport(db, id);
  if (!report) throw ApiError.notFound(`Sample result ${id} has no report`);
  return report;
}
