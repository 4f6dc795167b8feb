import { queryOptions } from '@tanstack/react-query';
import {
  effectiveRulebook,
  ZCustomer,
  ZCustomerListItem,
  type TCustomer,
  type TCustomerCreate,
  type TCustomerListItem,
  type TCustomerPatch,
  type TRulebookId,
} from '@aquasmart/domain';
import { http } from '../http/http';
import { customerApiPath } from './places';

/** The customer calls (docs/places.md). */
export const CUSTOMERS_QUERY_KEY = ['customers', 'list'] as const;

/** The customer list's export (docs/exports.md). */
export const CUSTOMERS_EXPORT_PATH = '/customers/export.csv';

export async function fetchCustomers(signal?: AbortSignal): Promise<TCustomerListItem[]> {
  const rows = await http.get<unknown[]>('/customers', { signal });
  return rows.map((row) => ZCustomerListItem.parse(row));
}

export const customerQuery = (name: string) =>
  queryOptions({
    queryKey: ['customers', 'one', name] as const,
    queryFn: async ({ signal }): Promise<TCustomer> => ZCustomer.parse(await http.get<unknown>(customerApiPath(name), { signal })),
  });

export async function createCustomer(body: TCustomerCreate): Promise<TCustomer> {
  return ZCustomer.parse(await http.post<unknown>('/customers', body));
}

export async function patchCustomer(name: string, body: TCustomerPatch): Promise<TCustomer> {
  return ZCustomer.parse(await http.patch<unknown>(customerApiPath(name), body));
}

export async function deleteCustomer(name: string): Promise<void> {
  await http.delete(customerApiPath(name));
}

export interface TCustomerOption {
  name: string;
  interval: number;
  /** The rulebook its locations follow unless they choose their own: its own, else by its country. */
  rulebook: TRulebookId;
}

/** GET /customers?projection=calibration.interval name rulebook country: the customer choice of the forms. */
export async function fetchCustomerOptions(signal?: AbortSignal): Promise<TCustomerOption[]> {
  const rows = await http.get<{ name: string; calibration?: { interval?: number }; rulebook?: TRulebookId | null; country?: string }[]>('/customers', {
    query: { projection: 'calibration.interval name rulebook country' },
    signal,
  });
  return rows.map((row) => ({ name: row.name, interval: row.calibration?.interval ?? 1, rulebook: effectiveRulebook(null, row.rulebook, row.country) }));
}

export const customerOptionsQuery = queryOptions({
  queryKey: ['customers', 'options'] as const,
  queryFn: ({ signal }) => fetchCustomerOptions(signal),
});
