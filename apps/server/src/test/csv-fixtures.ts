import { parse } from 'csv-parse/sync';

/** A CSV of the portal (`;`, BOM) as its header and rows, as a spreadsheet would read it (the export tests). */
export function csvRecords(body: string): { header: string[]; rows: string[][] } {
  const records: string[][] = parse(body, { delimiter: ';', bom: true });
  return { header: records[0] ?? [], rows: records.slice(1) };
}
