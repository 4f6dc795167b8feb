import { CSV_BOM, CSV_CALIBRATION_HEADER, CSV_LINE_END, CSV_SEPARATOR, csvText, type TCalibrationLogRow } from '@aquasmart/domain';

/**
 * The calibration log as a CSV that a Dutch spreadsheet opens as it should
 * (docs/places-screens.md, "Calibration CSV"): semicolon-separated, the fixed Dutch header, a
 * UTF-8 byte order mark so that accents survive, CRLF line ends, decimal commas and local
 * date-times (dd-mm-jjjj uu:mm:ss). The separator, quoting and formula guard are shared with the
 * logbook report's CSV (packages/domain/src/format/csv.ts); they are re-exported here.
 */
export { CSV_BOM, CSV_LINE_END, CSV_SEPARATOR, csvField, csvText } from '@aquasmart/domain';

/** A number with a decimal comma, as a Dutch spreadsheet reads it. */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

const two = (value: number) => String(value).padStart(2, '0');

/** An ISO time as local dd-mm-yyyy hh:mm:ss (the browser's time zone, as on the screen). */
export function csvDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return csvText(iso);
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** `temperature2` reads as "Temperatuur 2"; other channel ids stay as they are. */
export function csvChannel(channel: string): string {
  const match = /^temperature(\d+)$/.exec(channel);
  return match ? `Temperatuur ${match[1]}` : csvText(channel);
}

export function calibrationCsvLine(row: TCalibrationLogRow): string {
  return [
    csvDate(row.ts),
    csvText(row.name),
    csvText(row.eui),
    csvText(row.customer),
    csvText(row.location),
    csvChannel(row.channel),
    csvNumber(row.measured),
    csvNumber(row.calibrated),
    csvNumber(row.offset),
  ].join(CSV_SEPARATOR);
}

/** The whole file: BOM, header, one line per row, each line ending in CRLF. */
export function calibrationCsv(rows: readonly TCalibrationLogRow[]): string {
  return CSV_BOM + [CSV_CALIBRATION_HEADER, ...rows.map(calibrationCsvLine)].map((line) => line + CSV_LINE_END).join('');
}

/** A file name without characters that file systems refuse. */
export function calibrationCsvFileName(parts: readonly string[], now = new Date()): string {
  const stamp = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
  const name = ['kalibratie', ...parts, stamp].join('-').replace(/[\\/:*?"<>|\s]+/g, '_');
  return `${name}.csv`;
}
