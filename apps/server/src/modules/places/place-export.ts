import { sql, type SQL } from 'drizzle-orm';
import { exportTexts, type TExportLanguage } from '@aquasmart/domain';
import type { customers, locations } from '../../db/schema';
import type { TExportColumn } from '../../lib/csv-export';
import { textSortKey, type TKeysetKey } from '../../lib/keyset';
import { PLACE_COUNTS } from './place-fields';

/**
 * The customer and location lists' exports (docs/exports.md): their columns (apps/web/src/components/places/place-columns.tsx),
 * sort keys and search columns. The counts come from the place_counts join of withPlaceCounts.
 */
type TPlaceTable = typeof customers | typeof locations;

export interface TPlaceExportRow {
  name: string;
  customer?: string;
  reference: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  sync: number;
  online: number;
  nodes: number;
  channels: number;
}

const counted = (name: 'nodes' | 'online' | 'channels' | 'sync') => sql<number>`${sql.raw(`coalesce("${PLACE_COUNTS}"."${name}", ${name === 'sync' ? -1 : 0})`)}`;

export function placeExportSelection(table: TPlaceTable) {
  return {
    name: table.name,
    reference: table.reference,
    address: table.address,
    postalCode: table.postalCode,
    city: table.city,
    country: table.country,
    sync: counted('sync'),
    online: counted('online'),
    nodes: counted('nodes'),
    channels: counted('channels'),
  };
}

/** The columns the list's search reads (the list kit searches every text column; sync, online and channels not). */
export function placeSearchColumns(table: TPlaceTable, customerName?: SQL): SQL[] {
  return [sql`${table.name}`, ...(customerName ? [customerName] : []), sql`${table.reference}`, sql`${table.address}`, sql`${table.postalCode}`, sql`${table.city}`, sql`${table.country}`];
}

/** The list's sortable columns as keyset keys. */
export function placeSortColumns(table: TPlaceTable, customerName?: SQL): Record<string, TKeysetKey> {
  const number = (name: 'online' | 'channels' | 'sync'): TKeysetKey => ({ expression: counted(name), type: 'integer', notNull: true });
  return {
    name: textSortKey(sql`${table.name}`),
    ...(customerName ? { customer: textSortKey(customerName) } : {}),
    reference: textSortKey(sql`${table.reference}`),
    address: textSortKey(sql`${table.address}`),
    postalCode: textSortKey(sql`${table.postalCode}`),
    city: textSortKey(sql`${table.city}`),
    country: textSortKey(sql`${table.country}`),
    sync: number('sync'),
    online: number('online'),
    channels: number('channels'),
  };
}

/** The sort values the export routes accept: the list's columns, '-' in front for descending. */
export const PLACE_SORT_FIELDS = ['name', 'customer', 'reference', 'address', 'postalCode', 'city', 'country', 'sync', 'online', 'channels'] as const;

function syncWord(sync: number, language: TExportLanguage): string {
  const words = exportTexts(language).sync;
  return sync < 0 ? words.none : sync === 0 ? words.pending : words.saved;
}

/** The list's columns in the language; the locations list adds the customer. */
export function placeExportColumns(language: TExportLanguage, withCustomer: boolean): TExportColumn<TPlaceExportRow>[] {
  const texts = exportTexts(language).places;
  return [
    { header: texts.name, value: (row) => row.name },
    ...(withCustomer ? [{ header: texts.customer, value: (row: TPlaceExportRow) => row.customer }] : []),
    { header: texts.reference, value: (row) => row.reference },
    { header: texts.address, value: (row) => row.address },
    { header: texts.postalCode, value: (row) => row.postalCode },
    { header: texts.city, value: (row) => row.city },
    { header: texts.country, value: (row) => row.country },
    { header: texts.sync, value: (row) => syncWord(row.sync, language) },
    { header: texts.online, value: (row) => row.online },
    { header: texts.nodes, value: (row) => row.nodes },
    { header: texts.channels, value: (row) => row.channels },
  ];
}
