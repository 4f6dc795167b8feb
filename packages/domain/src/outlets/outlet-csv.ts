import { isEui, normalizeEui } from '../devices';
import type { TLabCsvIssue } from '../sampling/lab-csv';
import { csvHeaderColumns, NODE_LINK_HEADERS, readYesNo } from '../sampling/point-csv';
import { MESSAGE } from '../validation/message-key';
import { isSingleLine } from '../validation/validators';
import { OUTLET_NAME_MAX, OUTLET_PLACE_MAX, type TOutletKind, type TOutletWater, type TSentinelKind } from './outlet';

/**
 * The outlet register's CSV (docs/outlets.md, "CSV"): a header line (any order; case, spaces,
 * dashes, dots ignored; Dutch, English and German names), one outlet a line. A bad cell answers its
 * line and column, and the server imports nothing of the file.
 */
export const OUTLET_CSV_COLUMNS = ['name', 'room', 'floor', 'kind', 'water', 'sentinel', 'littleUsed', 'eui', 'channelId', 'samplePoint'] as const;
export type TOutletCsvColumn = (typeof OUTLET_CSV_COLUMNS)[number];
const REQUIRED: readonly TOutletCsvColumn[] = ['name', 'kind', 'water'];

const simplify = (cell: string) => cell.toLowerCase().replace(/[\s_\-./()]+/g, '');
const HEADER_NAMES = new Map<string, TOutletCsvColumn>([
  ...OUTLET_CSV_COLUMNS.map((column) => [simplify(column), column] as const),
  ...(
    [
      ['naam', 'name'],
      ['tappunt', 'name'],
      ['outlet', 'name'],
      ['zapfstelle', 'name'],
      ['ruimte', 'room'],
      ['kamer', 'room'],
      ['raum', 'room'],
      ['verdieping', 'floor'],
      ['etage', 'floor'],
      ['geschoss', 'floor'],
      ['stockwerk', 'floor'],
      ['soort', 'kind'],
      ['type', 'kind'],
      ['art', 'kind'],
      ['water', 'water'],
      ['wasser', 'water'],
      ['sentinelpunt', 'sentinel'],
      ['weiniggebruikt', 'littleUsed'],
      ['littleused', 'littleUsed'],
      ['seltengenutzt', 'littleUsed'],
      ...NODE_LINK_HEADERS,
      ['monsterpunt', 'samplePoint'],
      ['entnahmestelle', 'samplePoint'],
    ] as const
  ).map(([alias, column]) => [simplify(alias), column] as const),
]);

const KINDS = new Map<string, TOutletKind>(
  (
    [
      ['shower', 'shower'],
      ['douche', 'shower'],
      ['dusche', 'shower'],
      ['washbasintap', 'washbasinTap'],
      ['washbasin', 'washbasinTap'],
      ['wastafel', 'washbasinTap'],
      ['wastafelkraan', 'washbasinTap'],
      ['waschbecken', 'washbasinTap'],
      ['sink', 'sink'],
      ['aanrecht', 'sink'],
      ['gootsteen', 'sink'],
      ['spoelbak', 'sink'],
      ['spüle', 'sink'],
      ['tmv', 'tmv'],
      ['thermostatischemengkraan', 'tmv'],
      ['mengventiel', 'tmv'],
      ['thermostatischermischer', 'tmv'],
      ['cistern', 'cistern'],
      ['stortbak', 'cistern'],
      ['spülkasten', 'cistern'],
      ['calorifier', 'calorifier'],
      ['boiler', 'calorifier'],
      ['warmwaterbereider', 'calorifier'],
      ['trinkwassererwärmer', 'calorifier'],
      ['speicher', 'calorifier'],
      ['coldtank', 'coldTank'],
      ['koudwatertank', 'coldTank'],
      ['tank', 'coldTank'],
      ['kaltwasserbehälter', 'coldTank'],
      ['coldinlet', 'coldInlet'],
      ['incomingmain', 'coldInlet'],
      ['hoofdkraan', 'coldInlet'],
      ['watermeter', 'coldInlet'],
      ['hausanschluss', 'coldInlet'],
      ['other', 'other'],
      ['anders', 'other'],
      ['overig', 'other'],
      ['sonstige', 'other'],
    ] as const
  ).map(([word, kind]) => [simplify(word), kind] as const),
);
const WATERS = new Map<string, TOutletWater>([
  ['hot', 'hot'],
  ['warm', 'hot'],
  ['ww', 'hot'],
  ['warmwasser', 'hot'],
  ['cold', 'cold'],
  ['koud', 'cold'],
  ['kw', 'cold'],
  ['kaltwasser', 'cold'],
  ['kalt', 'cold'],
  ['mixed', 'mixed'],
  ['gemengd', 'mixed'],
  ['meng', 'mixed'],
  ['mengwater', 'mixed'],
  ['gemischt', 'mixed'],
  ['mischwasser', 'mixed'],
]);
const SENTINELS = new Map<string, TSentinelKind>([
  ['', 'none'],
  ['none', 'none'],
  ['no', 'none'],
  ['nee', 'none'],
  ['nein', 'none'],
  ['geen', 'none'],
  ['keine', 'none'],
  ['0', 'none'],
  ['nearest', 'nearest'],
  ['dichtstbij', 'nearest'],
  ['eerste', 'nearest'],
  ['nächste', 'nearest'],
  ['furthest', 'furthest'],
  ['farthest', 'furthest'],
  ['verst', 'furthest'],
  ['verste', 'furthest'],
  ['laatste', 'furthest'],
  ['entfernteste', 'furthest'],
]);
/** The file's columns from its header; a required column missing or a column twice refuses the file on line 1. */
export function outletCsvColumns(cells: readonly string[]): { columns: (TOutletCsvColumn | null)[] } | { issue: TLabCsvIssue } {
  return csvHeaderColumns(cells, (cell) => HEADER_NAMES.get(simplify(cell)) ?? null, REQUIRED);
}

export interface TOutletCsvRow {
  line: number;
  name: string;
  room: string | null;
  floor: string | null;
  kind: TOutletKind;
  water: TOutletWater;
  sentinel: TSentinelKind;
  littleUsed: boolean;
  eui: string | null;
  channelId: string | null;
  /** A sample point's name at the location (the server finds its id). */
  samplePoint: string | null;
}

function text(value: string | undefined, max: number): string | null | false {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return null;
  return trimmed.length > max || !isSingleLine(trimmed) ? false : trimmed;
}

export function readOutletCsvRow(line: number, cells: Partial<Record<TOutletCsvColumn, string>>): { row: TOutletCsvRow } | { issue: TLabCsvIssue } {
  const fail = (field: TOutletCsvColumn, key: string) => ({ issue: { line, field, key } });
  const name = text(cells.name, OUTLET_NAME_MAX);
  if (name === null) return fail('name', MESSAGE.required);
  if (name === false) return fail('name', MESSAGE.invalid);
  const room = text(cells.room, OUTLET_PLACE_MAX);
  if (room === false) return fail('room', MESSAGE.invalid);
  const floor = text(cells.floor, OUTLET_PLACE_MAX);
  if (floor === false) return fail('floor', MESSAGE.invalid);
  const kindText = simplify(cells.kind ?? '');
  if (kindText === '') return fail('kind', MESSAGE.required);
  const kind = KINDS.get(kindText);
  if (!kind) return fail('kind', MESSAGE.oneOf);
  const waterText = simplify(cells.water ?? '');
  if (waterText === '') return fail('water', MESSAGE.required);
  const water = WATERS.get(waterText);
  if (!water) return fail('water', MESSAGE.oneOf);
  const sentinel = SENTINELS.get(simplify(cells.sentinel ?? ''));
  if (!sentinel) return fail('sentinel', MESSAGE.oneOf);
  const littleUsed = readYesNo(cells.littleUsed);
  if (littleUsed === null) return fail('littleUsed', MESSAGE.oneOf);
  const euiText = (cells.eui ?? '').trim();
  if (euiText !== '' && !isEui(euiText)) return fail('eui', MESSAGE.invalid);
  const channelText = (cells.channelId ?? '').trim();
  if (channelText !== '' && !/^temperature\d{1,2}$/.test(channelText)) return fail('channelId', MESSAGE.invalid);
  if (channelText !== '' && euiText === '') return fail('eui', MESSAGE.required);
  const samplePoint = text(cells.samplePoint, OUTLET_NAME_MAX);
  if (samplePoint === false) return fail('samplePoint', MESSAGE.invalid);
  return {
    row: {
      line,
      name,
      room,
      floor,
      kind,
      water,
      sentinel,
      littleUsed,
      eui: euiText === '' ? null : normalizeEui(euiText),
      channelId: channelText === '' ? null : channelText,
      samplePoint,
    },
  };
}
