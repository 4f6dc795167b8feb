/**
 * The pieces of a CSV that a Dutch spreadsheet opens as it should, shared by the calibration log
 * download (apps/web/src/components/places/calibration-csv.ts) and the logbook report
 * (apps/server/src/modules/logbook/report-csv.ts): semicolon-separated, CRLF line ends, a UTF-8
 * byte order mark so that accents survive, fields quoted only when they must be, and user text
 * guarded against running as a formula.
 *
 * A small module rather than a CSV library: quoting is the only part a library would do for us
 * (papaparse's unparse does not add the BOM, the decimal comma, the dates or the formula guard).
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

/** One line: the fields (already quoted) joined by the separator. */
export function csvLine(fields: readonly string[]): string {
  return fields.join(CSV_SEPARATOR);
}

/** The whole file: BOM, then every line ending in CRLF. */
export function csvFile(lines: readonly string[]): string {
  return CSV_BOM + lines.map((line) => line + CSV_LINE_END).join('');
}
