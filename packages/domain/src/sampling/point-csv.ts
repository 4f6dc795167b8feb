import { isEui, normalizeEui } from '../devices';
import { MESSAGE } from '../validation/message-key';
import { isSingleLine } from '../validation/validators';
import { SAMPLE_NAME_MAX, type TSamplePointRole } from './api';
import type { TLabCsvIssue } from './lab-csv';

/**
 * The sample points' CSV (docs/sampling.md, "CSV files"): name, role (hot/cold; warm/koud, WW/KW,
 * Warmwasser/Kaltwasser), priority (yes/no, ja/nee, 1/0), and optionally the node's EUI and channel.
 */
export const POINT_CSV_COLUMNS = ['name', 'role', 'priority', 'eui', 'channelId'] as const;
export type TPointCsvColumn = (typeof POINT_CSV_COLUMNS)[number];

const simplify = (cell: string) => cell.toLowerCase().replace(/[\s_\-.]+/g, '');
/** The headers of a node link (the node's EUI and its channel) in the point and outlet files, simplified. */
export const NODE_LINK_HEADERS = [
  ['node', 'eui'],
  ['deveui', 'eui'],
  ['channel', 'channelId'],
  ['kanaal', 'channelId'],
  ['kanal', 'channelId'],
] as const;
const HEADER_NAMES = new Map<string, TPointCsvColumn>([
  ...POINT_CSV_COLUMNS.map((column) => [simplify(column), column] as const),
  ['naam', 'name'],
  // Dutch files before issue 41 ("Words") called a sample point "Tappunt"; the portal now says "Monsterpunt".
  ['monsterpunt', 'name'],
  ['tappunt', 'name'],
  ['samplepoint', 'name'],
  ['entnahmestelle', 'name'],
  ['probenahmestelle', 'name'],
  ['rol', 'role'],
  ['soort', 'role'],
  ['prioriteit', 'priority'],
  ['priorität', 'priority'],
  ...NODE_LINK_HEADERS,
]);

const ROLES = new Map<string, TSamplePointRole>([
  ['hot', 'hot'],
  ['warm', 'hot'],
  ['ww', 'hot'],
  ['warmwasser', 'hot'],
  ['cold', 'cold'],
  ['koud', 'cold'],
  ['kw', 'cold'],
  ['kaltwasser', 'cold'],
]);
/** A yes/no cell of the point and outlet files (yes/no, ja/nee, nein, 1/0, x; empty is no); null for anything else. */
export function readYesNo(cell: string | undefined): boolean | null {
  const text = (cell ?? '').trim().toLowerCase();
  if (['yes', 'ja', 'j', 'y', '1', 'true', 'x'].includes(text)) return true;
  if (['no', 'nee', 'nein', 'n', '0', 'false', ''].includes(text)) return false;
  return null;
}

/**
 * A file's columns from its header cells by their (simplified) names; a required column missing
 * or a column twice refuses the file on line 1. Shared by the point and outlet files.
 */
export function csvHeaderColumns<C extends string>(
  cells: readonly string[],
  columnOf: (cell: string) => C | null,
  required: readonly C[],
): { columns: (C | null)[] } | { issue: TLabCsvIssue } {
  const columns = cells.map(columnOf);
  const missing = required.find((column) => !columns.includes(column));
  if (missing) return { issue: { line: 1, field: missing, key: MESSAGE.required } };
  const twice = columns.find((column, index) => column !== null && columns.indexOf(column) !== index);
  if (twice) return { issue: { line: 1, field: twice, key: MESSAGE.invalid } };
  return { columns };
}

export function pointCsvColumns(cells: readonly string[]): { columns: (TPointCsvColumn | null)[] } | { issue: TLabCsvIssue } {
  return csvHeaderColumns(cells, (cell) => HEADER_NAMES.get(simplify(cell)) ?? null, ['name', 'role']);
}

export interface TPointCsvRow {
  line: number;
  name: string;
  role: TSamplePointRole;
  priority: boolean;
  eui: string | null;
  channelId: string | null;
}

export function readPointCsvRow(line: number, cells: Partial<Record<TPointCsvColumn, string>>): { row: TPointCsvRow } | { issue: TLabCsvIssue } {
  const fail = (field: TPointCsvColumn, key: string) => ({ issue: { line, field, key } });
  const name = (cells.name ?? '').trim();
  if (name === '') return fail('name', MESSAGE.required);
  if (name.length > SAMPLE_NAME_MAX || !isSingleLine(name)) return fail('name', MESSAGE.invalid);
  const roleText = simplify(cells.role ?? '');
  if (roleText === '') return fail('role', MESSAGE.required);
  const role = ROLES.get(roleText);
  if (!role) return fail('role', MESSAGE.oneOf);
  const priority = readYesNo(cells.priority);
  if (priority === null) return fail('priority', MESSAGE.oneOf);
  const euiText = (cells.eui ?? '').trim();
  if (euiText !== '' && !isEui(euiText)) return fail('eui', MESSAGE.invalid);
  const channelText = (cells.channelId ?? '').trim();
  if (channelText !== '' && !/^temperature\d{1,2}$/.test(channelText)) return fail('channelId', MESSAGE.invalid);
  if (channelText !== '' && euiText === '') return fail('eui', MESSAGE.required);
  return { row: { line, name, role, priority, eui: euiText === '' ? null : normalizeEui(euiText), channelId: channelText === '' ? null : channelText } };
}
