import { CSV_CALIBRATION_HEADER, type TCalibrationLogRow } from '@aquasmart/domain';

/**
 * The calibration log as a CSV that a Dutch spreadsheet opens as it should
 * (docs/places-screens.md, "Calibration CSV"): semicolon-separated, the fixed Dutch header, a
 * UTF-8 byte order mark so that accents survive, CRLF line ends, decimal commas and local
 * date-times (dd-mm-jjjj uu:mm:ss).
 *
 * A small function rather than a CSV library: quoting is the only part a library would do for us
 * (papaparse's unparse does not add the BOM, the decimal comma, the dates or the formula guard),
 * and those ten lines are covered by the table of cases in calibration-csv.test.ts.
 */
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_BOM = '\uFEFF';

/** Quotes a field holding the separator, a quote or a line break; quotes inside are doubled. */
export function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Text typed by users (names) must not run as a formula when the file is opened: a leading
 * = + - @ (or tab / carriage return) gets a quote in front (OWASP "CSV injection").
 */
export function csvText(value: string | null | undefined): string {
  const text = value ?? '';
  return csvField(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
}

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
