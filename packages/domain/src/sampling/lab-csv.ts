import { timeZoneOffsetMinutes } from '../settings/periods';
import { MESSAGE } from '../validation/message-key';
import { isSingleLine } from '../validation/validators';
import { DEFAULT_METHOD, DEFAULT_SPECIES, SAMPLE_COUNT_MAX, SAMPLE_NAME_MAX, SAMPLE_TEXT_MAX, type TSampleCount } from './api';
import { parseCountUnit } from './thresholds';

/**
 * The lab's CSV (docs/sampling.md, "Lab CSV"): one line per count, lines with the same sample id
 * make one result. The header names the columns (any order; case, spaces, dashes and underscores
 * ignored; the Dutch, English and German names below are read too). Cells are checked here; a bad
 * cell answers its line and field, and the server imports nothing of the file.
 */
export const LAB_CSV_COLUMNS = ['sampleId', 'point', 'takenAt', 'lab', 'accreditation', 'method', 'waterCelsius', 'species', 'serogroup', 'count', 'unit', 'detectionLimit'] as const;
export type TLabCsvColumn = (typeof LAB_CSV_COLUMNS)[number];
export const LAB_CSV_REQUIRED: readonly TLabCsvColumn[] = ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'];

const simplify = (cell: string) => cell.toLowerCase().replace(/[\s_\-.()°]+/g, '');
/** Other layouts' names for our columns (the mapping of a lab's own header). */
const ALIASES: Readonly<Record<TLabCsvColumn, readonly string[]>> = {
  sampleId: ['monsternummer', 'monster', 'sample', 'samplenumber', 'probennummer', 'probe'],
  // "Monsterpunt" is the portal's word; "Tappunt" is read too (files and labs from before issue 41, "Words").
  point: ['monsterpunt', 'tappunt', 'samplepoint', 'probenahmestelle', 'entnahmestelle'],
  takenAt: ['datum', 'bemonsterd', 'monsternamedatum', 'sampledat', 'sampled', 'date', 'entnahme', 'entnahmedatum'],
  lab: ['laboratorium', 'laboratory', 'labor'],
  accreditation: ['accreditatie', 'akkreditierung'],
  method: ['methode', 'methodik'],
  waterCelsius: ['watertemperatuur', 'temperatuur', 'watertemperature', 'temperature', 'wassertemperatur', 'temperatur'],
  species: ['soort', 'species', 'organism', 'parameter', 'art'],
  serogroup: ['serogroep', 'serogruppe', 'sg'],
  count: ['aantal', 'resultaat', 'result', 'value', 'waarde', 'ergebnis', 'wert'],
  unit: ['eenheid', 'einheit'],
  detectionLimit: ['aantoonbaarheidsgrens', 'detectiegrens', 'limitofdetection', 'lod', 'nachweisgrenze'],
};
const HEADER_NAMES = new Map<string, TLabCsvColumn>(
  LAB_CSV_COLUMNS.flatMap((column) => [[simplify(column), column] as const, ...ALIASES[column].map((alias) => [alias, column] as const)]),
);

/** A refusal of the file (no line) or of one cell (its 1-based line and column). */
export interface TLabCsvIssue {
  line: number | null;
  field: string;
  /** A message key (validation.*). */
  key: string;
}

/**
 * A lab's own layout: our field -> the header of their column that holds it (docs/sampling.md,
 * "Other layouts"). Headers match as the standard names do (case, spaces, dashes, dots ignored).
 */
export type TLabCsvMapping = Readonly<Record<string, string>>;
/** Most entries a mapping can have: one per field. */
export const LAB_CSV_MAPPING_MAX = LAB_CSV_COLUMNS.length;

const isLabColumn = (name: string): name is TLabCsvColumn => (LAB_CSV_COLUMNS as readonly string[]).includes(name);

/** Our field a header names by itself (our name or an alias; null for others). */
export function labCsvColumnOf(header: string): TLabCsvColumn | null {
  return HEADER_NAMES.get(simplify(header)) ?? null;
}

const SEPARATORS = [';', '\t', ','] as const;

/**
 * The separator the first non-empty line uses most (semicolon on a tie). A Dutch lab's file
 * separates by semicolons and writes 40,3 °C, so splitting on every comma would cut its numbers in two.
 */
export function csvSeparator(text: string): string {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = SEPARATORS.map((separator) => first.split(separator).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? ';' : SEPARATORS[counts.indexOf(best)];
}

/**
 * The header cells of a file (its first non-empty line), as the screen offers them for a mapping:
 * split by the file's separator, quotes removed (a quoted cell may hold the separator), trimmed.
 */
export function csvHeaderCells(text: string): string[] {
  const separator = csvSeparator(text);
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"' && quoted && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells.filter((header) => header !== '');
}

/**
 * The header's columns, or the issue with it. A mapping names the header of some fields; the other
 * fields are found by their names as before, and a header that matches the standard name of a
 * mapped field is then ignored (the mapping says where that field is). Mapping issues name the
 * field as `mapping.<field>`, with no line: an unknown field, a header the file does not have, a
 * header given to two fields.
 */
export function labCsvColumns(cells: readonly string[], mapping: TLabCsvMapping = {}): { columns: (TLabCsvColumn | null)[] } | { issue: TLabCsvIssue } {
  const headers = cells.map(simplify);
  const columns: (TLabCsvColumn | null)[] = cells.map(() => null);
  const mapped = new Set<TLabCsvColumn>();
  for (const [field, header] of Object.entries(mapping)) {
    const fail = (key: string) => ({ issue: { line: null, field: `mapping.${field}`, key } });
    if (!isLabColumn(field)) return fail('validation.mappingFieldUnknown');
    const index = headers.indexOf(simplify(header));
    if (simplify(header) === '' || index < 0) return fail('validation.mappingHeaderMissing');
    if (columns[index] !== null) return fail('validation.mappingHeaderTwice');
    columns[index] = field;
    mapped.add(field);
  }
  cells.forEach((header, index) => {
    const column = labCsvColumnOf(header);
    if (columns[index] === null && column !== null && !mapped.has(column)) columns[index] = column;
  });
  const missing = LAB_CSV_REQUIRED.find((column) => !columns.includes(column));
  if (missing) return { issue: { line: 1, field: missing, key: MESSAGE.required } };
  const twice = columns.find((column, index) => column !== null && columns.indexOf(column) !== index);
  if (twice) return { issue: { line: 1, field: twice, key: MESSAGE.invalid } };
  return { columns };
}

/** A number as labs and spreadsheets write it: 1200, 1.200 (NL thousands), 1,5 or 1.5; '' null. */
export function parseLabNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  // 1.200 / 12.000.000 (Dutch, German) and 1,200 (English): thousands separators. A count is never
  // written with three decimals, so "1,500" is fifteen hundred, never one and a half.
  if (/^\d{1,3}(\.\d{3})+$/.test(trimmed)) return Number(trimmed.replace(/\./g, ''));
  if (/^\d{1,3}(,\d{3})+$/.test(trimmed)) return Number(trimmed.replace(/,/g, ''));
  const normal = trimmed.replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal) ? Number(normal) : Number.NaN;
}

/** "Not detected" as labs write it: <100, < 100, nd, n.d., niet aangetoond, not detected, nicht nachweisbar. */
const NOT_DETECTED = /^(nd|n\.d\.?|nietaangetoond|notdetected|nichtnachweisbar|negatief|negative|negativ)$/;

/** A local time as labs write it: 2026-03-31, 2026-03-31 09:15, 31-03-2026 09:15, 31.03.2026 09:15(:00). */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DAY_FIRST = /^(\d{2})[-./](\d{2})[-./](\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;

/** An instant (ms) from a lab's time: ISO with an offset as it says, a local time in the location's zone; null when unreadable. */
export function parseLabTime(text: string, timeZone: string): number | null {
  const trimmed = text.trim();
  if (OFFSET.test(trimmed) && /^\d{4}-\d{2}-\d{2}T/.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? null : ms;
  }
  const iso = LOCAL.exec(trimmed);
  const dayFirst = iso ? null : DAY_FIRST.exec(trimmed);
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6]] : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.map((part) => (part === undefined ? 0 : Number(part)));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  let instant = wall - timeZoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  instant = wall - timeZoneOffsetMinutes(timeZone, new Date(instant)) * 60_000;
  return instant;
}

/** One line of the file, read. */
export interface TLabCsvRow {
  line: number;
  sampleId: string;
  point: string;
  takenAt: number;
  lab: string;
  accreditation: string | null;
  method: string;
  waterCelsius: number | null;
  count: Required<Pick<TSampleCount, 'species' | 'count' | 'unit'>> & { serogroup: string | null; detectionLimit: number | null };
}

const text = (value: string | undefined, max: number): string | null | typeof Number.NaN => {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return null;
  return trimmed.length > max || !isSingleLine(trimmed) ? Number.NaN : trimmed;
};

/** One data line's cells (by column) read into a row, or the first bad cell. */
export function readLabCsvRow(line: number, cells: Partial<Record<TLabCsvColumn, string>>, timeZone: string): { row: TLabCsvRow } | { issue: TLabCsvIssue } {
  const fail = (field: TLabCsvColumn, key: string) => ({ issue: { line, field, key } });
  const texts: Partial<Record<TLabCsvColumn, string | null>> = {};
  for (const column of ['sampleId', 'point', 'lab', 'accreditation', 'method', 'species', 'serogroup'] as const) {
    const value = text(cells[column], column === 'lab' || column === 'accreditation' || column === 'method' ? SAMPLE_TEXT_MAX : SAMPLE_NAME_MAX);
    if (typeof value === 'number') return fail(column, MESSAGE.invalid);
    if (value === null && LAB_CSV_REQUIRED.includes(column)) return fail(column, MESSAGE.required);
    texts[column] = value;
  }
  const takenText = (cells.takenAt ?? '').trim();
  if (takenText === '') return fail('takenAt', MESSAGE.required);
  const takenAt = parseLabTime(takenText, timeZone);
  if (takenAt === null) return fail('takenAt', 'validation.dateTime');
  const unitText = (cells.unit ?? '').trim();
  if (unitText === '') return fail('unit', MESSAGE.required);
  const unit = parseCountUnit(unitText);
  if (unit === null) return fail('unit', MESSAGE.oneOf);
  const water = parseLabNumber(cells.waterCelsius ?? '');
  if (water !== null && (Number.isNaN(water) || water < -10 || water > 100)) return fail('waterCelsius', MESSAGE.number);
  let detectionLimit = parseLabNumber(cells.detectionLimit ?? '');
  if (detectionLimit !== null && (Number.isNaN(detectionLimit) || detectionLimit < 0 || detectionLimit > SAMPLE_COUNT_MAX)) return fail('detectionLimit', MESSAGE.number);
  const countText = (cells.count ?? '').trim();
  if (countText === '') return fail('count', MESSAGE.required);
  let count: number | null;
  const below = /^<\s*(.+)$/.exec(countText);
  if (below) {
    // "<100": not detected, the detection limit 100.
    const limit = parseLabNumber(below[1]);
    if (limit === null || Number.isNaN(limit) || limit < 0 || limit > SAMPLE_COUNT_MAX) return fail('count', MESSAGE.number);
    count = null;
    detectionLimit = detectionLimit ?? limit;
  } else if (NOT_DETECTED.test(simplify(countText)) || NOT_DETECTED.test(countText.toLowerCase())) {
    count = null;
  } else {
    count = parseLabNumber(countText);
    if (count === null || Number.isNaN(count) || count < 0 || count > SAMPLE_COUNT_MAX) return fail('count', MESSAGE.number);
  }
  return {
    row: {
      line,
      sampleId: texts.sampleId as string,
      point: texts.point as string,
      takenAt,
      lab: texts.lab as string,
      accreditation: texts.accreditation ?? null,
      method: texts.method ?? DEFAULT_METHOD,
      waterCelsius: water,
      count: { species: texts.species ?? DEFAULT_SPECIES, serogroup: texts.serogroup ?? null, count, detectionLimit, unit },
    },
  };
}

/** A result of the file: its lines' counts under one sample id (`line` its first line). */
export type TLabCsvResult = Omit<TLabCsvRow, 'count'> & { counts: TLabCsvRow['count'][] };

/**
 * The rows grouped into results by sample id (in the order of their first line). The lines of one
 * sample must name the same point and time: a later line that differs is the issue.
 */
export function groupLabRows(rows: readonly TLabCsvRow[]): { results: TLabCsvResult[] } | { issue: TLabCsvIssue } {
  const bySample = new Map<string, TLabCsvResult>();
  for (const row of rows) {
    const known = bySample.get(row.sampleId);
    if (!known) {
      const { count, ...result } = row;
      bySample.set(row.sampleId, { ...result, counts: [count] });
      continue;
    }
    if (known.point !== row.point) return { issue: { line: row.line, field: 'point', key: 'validation.samplePointDiffers' } };
    if (known.takenAt !== row.takenAt) return { issue: { line: row.line, field: 'takenAt', key: 'validation.sampleTimeDiffers' } };
    known.counts.push(row.count);
  }
  return { results: [...bySample.values()] };
}
