import { parse } from 'csv-parse/sync';
import { DEVICE_CSV_COLUMNS, DEVICE_CSV_MAX_ROWS, ERROR, messageKey } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';

export type TCsvColumn = (typeof DEVICE_CSV_COLUMNS)[number];

/** One data line of the file: its line number and the cells by column ('' cells left out). */
export interface TCsvDeviceLine {
  row: number;
  values: Partial<Record<TCsvColumn, string>>;
}

const REQUIRED: readonly TCsvColumn[] = ['eui', 'type', 'version', 'networkServer'];

/** Header cells compared without case, spaces, dashes and underscores ("Network server" = networkServer). */
const simplify = (cell: string) => cell.toLowerCase().replace(/[\s_-]+/g, '');
const HEADER_NAMES = new Map<string, TCsvColumn>([
  ...DEVICE_CSV_COLUMNS.map((column) => [simplify(column), column] as const),
  ['deveui', 'eui'],
  ['networkserver', 'networkServer'],
  ['encryption', 'encryptionMode'],
]);

interface TParsedRecord {
  record: string[];
  /** `lines`: the line the record ends on, 1-based. */
  info: { lines: number };
}

function invalid(reason: string): ApiError {
  return new ApiError(400, ERROR.csvInvalid, `Invalid CSV: ${reason}`, { csv: messageKey(ERROR.csvInvalid, { reason }) }, { reason });
}

/** Column order from a header line, or null when the line is data (its first cell is no column name). */
function headerColumns(cells: string[]): TCsvColumn[] | null {
  if (!HEADER_NAMES.has(simplify(cells[0] ?? ''))) return null;
  const columns = cells.map((cell) => {
    const column = HEADER_NAMES.get(simplify(cell));
    if (!column) throw invalid(`unknown column "${cell.slice(0, 50)}"`);
    return column;
  });
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length) throw invalid(`missing column(s) ${missing.join(', ')}`);
  const twice = columns.find((column, index) => columns.indexOf(column) !== index);
  if (twice) throw invalid(`column ${twice} appears twice`);
  return columns;
}

/**
 * The provisioning file: comma-, semicolon- or tab-separated (Excel in Dutch writes
 * semicolons), optionally quoted, optional byte-order mark. The first line is a header when its
 * first cell names a column; without a header the columns are eui, type, version,
 * networkServer, encryptionMode. Empty lines are skipped. A file that cannot be read at all is
 * a 400 `errors.csvInvalid`; everything about single rows is left to the row checks.
 */
export function parseDeviceCsv(text: string): TCsvDeviceLine[] {
  let records: TParsedRecord[];
  try {
    // With `info: true` csv-parse yields { record, info } objects; its typings do not follow that option.
    records = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as TParsedRecord[];
  } catch (error) {
    throw invalid(error instanceof Error ? error.message.slice(0, 200) : 'unreadable');
  }
  if (records.length === 0) throw invalid('no rows');
  const header = headerColumns(records[0].record);
  const data = header ? records.slice(1) : records;
  if (data.length === 0) throw invalid('no rows');
  if (data.length > DEVICE_CSV_MAX_ROWS) throw invalid(`more than ${DEVICE_CSV_MAX_ROWS} rows`);
  const columns = header ?? DEVICE_CSV_COLUMNS;
  return data.map(({ record, info }) => {
    const values: TCsvDeviceLine['values'] = {};
    columns.forEach((column, index) => {
      const cell = record[index];
      if (cell !== undefined && cell !== '') values[column] = cell;
    });
    return { row: info.lines, values };
  });
}
