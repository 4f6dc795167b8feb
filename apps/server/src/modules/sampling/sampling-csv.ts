import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { csvSeparator, ERROR, messageKey, SAMPLING_ERROR, SAMPLING_CSV_MAX_ROWS, type TLabCsvIssue } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';

/**
 * Reading the sampling CSV files (docs/sampling.md, "CSV files"): comma-, semicolon- or
 * tab-separated, optionally quoted, an optional byte-order mark, a header line first, empty lines
 * skipped. Each record keeps its line number for the answer about a bad cell. The separator is the
 * one the header line uses most (`csvSeparator`, in the domain: the screen reads the header too).
 */

export interface TCsvRecord {
  /** 1-based line the record ends on (the header is line 1). */
  line: number;
  cells: string[];
}

function invalid(reason: string): ApiError {
  return new ApiError(400, ERROR.csvInvalid, `Invalid CSV: ${reason}`, { csv: messageKey(ERROR.csvInvalid, { reason }) }, { reason });
}

/** The header and the data records of a file; 400 errors.csvInvalid when it cannot be read or holds no data. */
export function readCsv(text: string): { header: string[]; records: TCsvRecord[] } {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, { bom: true, delimiter: csvSeparator(text), trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof parsed;
  } catch (error) {
    throw invalid(error instanceof Error ? error.message.slice(0, 200) : 'unreadable');
  }
  if (parsed.length < 2) throw invalid('no rows');
  if (parsed.length - 1 > SAMPLING_CSV_MAX_ROWS) throw invalid(`more than ${SAMPLING_CSV_MAX_ROWS} rows`);
  return { header: parsed[0].record, records: parsed.slice(1).map(({ record, info }) => ({ line: info.lines, cells: record })) };
}

/** The answer to a bad line: 400 errors.csvRow with the line and field; nothing of the file is imported. */
export function csvRowError(issue: TLabCsvIssue): ApiError {
  const line = issue.line ?? 1;
  return new ApiError(400, SAMPLING_ERROR.csvRow, `Line ${line} of the file is invalid (${issue.field}: ${issue.key}); nothing was imported`, { [issue.field]: issue.key }, { line, field: issue.field });
}

/** The answer to a mapping that does not fit the file: 400 with the field (`mapping.<field>`); nothing is imported. */
export function csvMappingError(issue: TLabCsvIssue): ApiError {
  return new ApiError(400, ERROR.badRequest, `The column mapping does not fit the file (${issue.field}: ${issue.key}); nothing was imported`, { [issue.field]: issue.key }, { field: issue.field });
}

/** A text/csv (or text/plain) body arrives as { csv: <text> }, the same as the JSON form: for the import routes of the plugin it is called in. */
export function acceptCsvBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, { csv: body });
  });
}
