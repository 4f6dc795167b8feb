import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CSV_BOM, CSV_LINE_END, csvField, csvLine, csvText, EXPORT_LANGUAGES, formatNumber, type TExportLanguage } from '@aquasmart/domain';

/**
 * The list exports (docs/exports.md): one writer for the node, customer, location, gateway, alarm
 * and audit lists. A list's module supplies its rows as batches (keyset pages, lib/keyset.ts) and
 * its columns; this file turns them into the portal's CSV (packages/domain/src/format/csv.ts: `;`,
 * CRLF, a UTF-8 BOM, user text guarded against running as a formula) and streams it: one batch
 * in memory at a time, and the next batch is read only when the client has taken the last one
 * (the stream's back-pressure).
 */
export type TExportValue = string | number | boolean | Date | null | undefined;

export interface TExportColumn<TRow> {
  /** The header in the user's language. */
  header: string;
  value: (row: TRow) => TExportValue;
}

/** One cell: numbers with the language's decimal mark, dates ISO 8601 with offset, text guarded. */
export function exportCell(value: TExportValue, language: TExportLanguage): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? csvField(formatNumber(value, language, { maxDecimals: 6, grouping: false })) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString();
  return csvText(value);
}

/** The file as text chunks: BOM and header first, then one chunk per batch. */
export async function* csvExportChunks<TRow>(columns: readonly TExportColumn<TRow>[], batches: AsyncIterable<readonly TRow[]>, language: TExportLanguage): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(columns.map((column) => csvText(column.header))) + CSV_LINE_END;
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(columns.map((column) => exportCell(column.value(row), language))) + CSV_LINE_END;
    yield chunk;
  }
}

/** `<list>-<YYYY-MM-DD>.csv`, the date of the export in UTC. */
export function exportFileName(list: string, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Sends the export as a download; a failure after the first bytes ends the response early (the file is then short). */
export function sendCsvExport<TRow>(
  reply: FastifyReply,
  { list, columns, batches, language }: { list: string; columns: readonly TExportColumn<TRow>[]; batches: AsyncIterable<readonly TRow[]>; language: TExportLanguage },
) {
  const stream = Readable.from(csvExportChunks(columns, batches, language), { objectMode: false, highWaterMark: 1 });
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${exportFileName(list)}"`)
    .send(stream);
}

/** The OpenAPI answer of an export route. */
export const CSV_EXPORT_RESPONSE = {
  description: 'The list as CSV (docs/exports.md): semicolons, UTF-8 with BOM, CRLF; every row the filter matches',
  content: { 'text/csv': { schema: z.string().meta({ format: 'binary' }) } },
};

/** Rows per keyset batch. */
export const EXPORT_BATCH_SIZE = 1000;

export const ZExportLanguage = z.enum(EXPORT_LANGUAGES);

/** The language asked for, else the user's (Dutch for anything unknown), as the logbook's downloads choose. */
export function exportLanguage(asked: TExportLanguage | undefined, user: { language: string }): TExportLanguage {
  return asked ?? (user.language === 'en' || user.language === 'de' ? user.language : 'nl');
}

/** Fills `{{name}}` in a header. */
export function fillHeader(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The query of an export of a list the browser searches and sorts (the list kit's client mode): the
 * search box's text and the sorted column (`name`, `-name`), as the list has them; the headers' language.
 */
export function zClientListExportQuery(sortFields: readonly string[]) {
  const sorts = sortFields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.object({ search: z.string().max(100).optional(), sort: z.enum(sorts).optional(), language: ZExportLanguage.optional() });
}
export interface TClientListExportQuery {
  search?: string;
  sort?: string;
}
