import { sql, type SQL } from 'drizzle-orm';
import type { TLegalStep, TRulebookId, TSampleCount, TSampleResultListQuery, TSampleVerdict } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { inTurn } from '../../db/turns';

/**
 * The rows of laboratory results (docs/sampling.md): set-based inserts (a lab's file of 500 results
 * is one statement per 500), the lists, one result with its place and point.
 */

const CHUNK = 500;
const json = (value: unknown) => JSON.stringify(value);

export type TStoredCount = { species: string; serogroup: string | null; count: number | null; detectionLimit: number | null; unit: TSampleCount['unit'] };

/** A result to store, judged. */
export interface TNewResult {
  samplePointId: number;
  sampleId: string;
  takenAt: string;
  lab: string;
  accreditation: string | null;
  method: string;
  waterCelsius: number | null;
  counts: TStoredCount[];
  rulebook: TRulebookId;
  highestPerLitre: number | null;
  verdict: TSampleVerdict;
  legalStep: TLegalStep;
  severity: 'warning' | 'critical' | null;
  resample: boolean;
  repeatedReport: boolean;
  resampleDue: string | null;
  source: 'form' | 'csv';
}

const idRow = rowShape({ id: column.number, n: column.number });

/** Inserts the results (in turns of 500) and answers their ids in the order given. */
export async function insertResults(db: TDbOrTx, locationId: number, user: { id: number; email: string }, results: readonly TNewResult[]): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < results.length; index += CHUNK) {
    const rows = results.slice(index, index + CHUNK).map((result, n) => ({
      n,
      point: result.samplePointId,
      sample_id: result.sampleId,
      taken_at: result.takenAt,
      lab: result.lab,
      accreditation: result.accreditation,
      method: result.method,
      water_celsius: result.waterCelsius,
      counts: result.counts,
      rulebook: result.rulebook,
      highest: result.highestPerLitre,
      verdict: result.verdict,
      legal_step: result.legalStep,
      severity: result.severity,
      resample: result.resample,
      repeated: result.repeatedReport,
      resample_due: result.resampleDue,
      source: result.source,
    }));
    const inserted = await inTurn(db, () =>
      idRow.read(
        db,
        sql`WITH input AS (
              SELECT * FROM jsonb_to_recordset(${json(rows)}::jsonb)
                AS r(n int, point bigint, sample_id text, taken_at timestamptz, lab text, accreditation text, method text, water_celsius double precision,
                     counts jsonb, rulebook text, highest double precision, verdict text, legal_step text, severity text, resample boolean,
                     repeated boolean, resample_due date, source text)
            ), inserted AS (
              INSERT INTO sample_results (sample_point_id, location_id, sample_id, taken_at, lab, accreditation, method, water_celsius, counts, rulebook,
                                          highest_per_litre, verdict, legal_step, severity, resample, repeated_report, resample_due, source, user_id, user_email)
              SELECT point, ${locationId}, sample_id, taken_at, lab, accreditation, method, water_celsius, counts, rulebook, highest, verdict, legal_step,
                     severity, resample, repeated, resample_due, source, ${user.id}, ${user.email}
                FROM input ORDER BY n
              RETURNING id, sample_id
            )
            SELECT inserted.id, input.n FROM inserted JOIN input ON input.sample_id = inserted.sample_id`,
      ),
    );
    ids.push(...inserted.sort((a, b) => a.n - b.n).map((row) => row.id));
  }
  return ids;
}

/** The alarm each result opened or joined. */
export async function setResultAlarms(db: TDbOrTx, links: readonly { resultId: number; alarmId: number }[]): Promise<void> {
  if (links.length === 0) return;
  await db.execute(sql`UPDATE sample_results s SET alarm_id = l.alarm_id
    FROM jsonb_to_recordset(${json(links.map((link) => ({ result_id: link.resultId, alarm_id: link.alarmId })))}::jsonb) AS l(result_id bigint, alarm_id bigint)
    WHERE s.id = l.result_id`);
}

const sampleIdRow = rowShape({ sample_id: column.as<string>() });
/** Which of these sample ids the location already has. */
export async function takenSampleIds(db: TDbOrTx, locationId: number, sampleIds: readonly string[]): Promise<Set<string>> {
  if (sampleIds.length === 0) return new Set();
  const rows = await sampleIdRow.read(
    db,
    sql`SELECT sample_id FROM sample_results WHERE location_id = ${locationId} AND sample_id IN (SELECT jsonb_array_elements_text(${json(sampleIds)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.sample_id));
}

const latestRow = rowShape({ sample_point_id: column.number, taken_at: column.ms, verdict: column.as<TSampleVerdict>() });
/** The latest result (by time taken) of each of these points. */
export async function latestOfPoints(db: TDbOrTx, pointIds: readonly number[]): Promise<Map<number, { takenAt: number; verdict: TSampleVerdict }>> {
  if (pointIds.length === 0) return new Map();
  const rows = await latestRow.read(
    db,
    sql`SELECT DISTINCT ON (sample_point_id) sample_point_id, taken_at, verdict FROM sample_results
         WHERE sample_point_id IN (SELECT jsonb_array_elements_text(${json(pointIds.map(String))}::jsonb)::bigint)
         ORDER BY sample_point_id, taken_at DESC, id DESC`,
  );
  return new Map(rows.map((row) => [row.sample_point_id, { takenAt: row.taken_at, verdict: row.verdict }]));
}

/** A result as stored, with its place and point. */
export interface TResultRecord extends TNewResult {
  id: number;
  locationId: number;
  customerId: number;
  customer: string;
  location: string;
  timeZone: string;
  pointName: string;
  pointRole: 'hot' | 'cold';
  alarmId: number | null;
  enteredAt: string;
  enteredBy: string;
  /** The lab's PDF, without its bytes (sample-report.ts). */
  report: { name: string; size: number; uploadedAt: string; uploadedBy: string } | null;
}

const resultRow = rowShape({
  id: column.number,
  sample_point_id: column.number,
  location_id: column.number,
  customer_id: column.number,
  customer: column.as<string>(),
  location: column.as<string>(),
  time_zone: column.as<string>(),
  point_name: column.as<string>(),
  point_role: column.as<'hot' | 'cold'>(),
  sample_id: column.as<string>(),
  taken_at: column.iso,
  lab: column.as<string>(),
  accreditation: column.as<string | null>(),
  method: column.as<string>(),
  water_celsius: column.nullable(column.number),
  counts: column.json<TStoredCount[]>(),
  rulebook: column.as<TRulebookId>(),
  highest_per_litre: column.nullable(column.number),
  verdict: column.as<TSampleVerdict>(),
  legal_step: column.as<TLegalStep>(),
  severity: column.as<'warning' | 'critical' | null>(),
  resample: column.as<boolean>(),
  repeated_report: column.as<boolean>(),
  resample_due: column.as<string | null>(),
  alarm_id: column.nullable(column.number),
  source: column.as<'form' | 'csv'>(),
  entered_at: column.iso,
  user_email: column.as<string>(),
  report_name: column.as<string | null>(),
  report_size: column.nullable(column.number),
  report_uploaded_at: column.nullable(column.iso),
  report_user_email: column.as<string | null>(),
  total: column.number,
});

const resultsQuery = (where: SQL, tail: SQL) => sql`
  SELECT s.id, s.sample_point_id, s.location_id, l.customer_id, c.name AS customer, l.name AS location, l.time_zone, p.name AS point_name, p.role AS point_role,
         s.sample_id, s.taken_at, s.lab, s.accreditation, s.method, s.water_celsius, s.counts, s.rulebook, s.highest_per_litre, s.verdict, s.legal_step,
         s.severity, s.resample, s.repeated_report, s.resample_due::text AS resample_due, s.alarm_id, s.source, s.entered_at, s.user_email,
         r.name AS report_name, r.size AS report_size, r.uploaded_at AS report_uploaded_at, r.user_email AS report_user_email,
         count(*) OVER () AS total
    FROM sample_results s
    LEFT JOIN sample_result_reports r ON r.result_id = s.id
    JOIN sample_points p ON p.id = s.sample_point_id
    JOIN locations l ON l.id = s.location_id
    JOIN customers c ON c.id = l.customer_id
   WHERE ${where} ${tail}`;

function toResult(row: ReturnType<typeof resultRow.decode>): TResultRecord {
  return {
    id: row.id,
    samplePointId: row.sample_point_id,
    locationId: row.location_id,
    customerId: row.customer_id,
    customer: row.customer,
    location: row.location,
    timeZone: row.time_zone,
    pointName: row.point_name,
    pointRole: row.point_role,
    sampleId: row.sample_id,
    takenAt: row.taken_at,
    lab: row.lab,
    accreditation: row.accreditation,
    method: row.method,
    waterCelsius: row.water_celsius,
    counts: row.counts,
    rulebook: row.rulebook,
    highestPerLitre: row.highest_per_litre,
    verdict: row.verdict,
    legalStep: row.legal_step,
    severity: row.severity,
    resample: row.resample,
    repeatedReport: row.repeated_report,
    resampleDue: row.resample_due,
    alarmId: row.alarm_id,
    source: row.source,
    enteredAt: row.entered_at,
    enteredBy: row.user_email,
    report:
      row.report_name === null
        ? null
        : { name: row.report_name, size: row.report_size ?? 0, uploadedAt: row.report_uploaded_at ?? row.entered_at, uploadedBy: row.report_user_email ?? '' },
  };
}

export const SAMPLE_RESULT_LIST_DEFAULT_LIMIT = 100;

/** One page of a location's results, newest sampling first, with the number matching. */
export async function listResults(db: TDbOrTx, locationId: number, query: TSampleResultListQuery): Promise<{ rows: TResultRecord[]; total: number }> {
  const conditions: SQL[] = [sql`s.location_id = ${locationId}`];
  if (query.samplePointId !== undefined) conditions.push(sql`s.sample_point_id = ${query.samplePointId}`);
  if (query.verdict) conditions.push(sql`s.verdict = ${query.verdict}`);
  const limit = query.limit ?? SAMPLE_RESULT_LIST_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const where = sql.join(conditions, sql` AND `);
  const rows = await resultRow.read(db, resultsQuery(where, sql`ORDER BY s.taken_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`));
  const total = rows[0]?.total ?? (offset > 0 ? ((await countRow.read(db, sql`SELECT count(*) AS n FROM sample_results s WHERE ${where}`))[0]?.n ?? 0) : 0);
  return { rows: rows.map(toResult), total };
}
const countRow = rowShape({ n: column.number });

/** Results by id (any order). */
export async function findResults(db: TDbOrTx, ids: readonly number[]): Promise<TResultRecord[]> {
  if (ids.length === 0) return [];
  const rows = await resultRow.read(db, resultsQuery(sql`s.id IN (SELECT jsonb_array_elements_text(${json(ids.map(String))}::jsonb)::bigint)`, sql``));
  return rows.map(toResult);
}
