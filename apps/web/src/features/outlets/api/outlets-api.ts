import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZDueChecks,
  ZLocationCheckPlans,
  ZOutlet,
  ZOutletImportReport,
  type TCheckOverride,
  type TDueChecks,
  type TLocationCheckPlans,
  type TOutlet,
  type TOutletBody,
  type TOutletPatch,
} from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { locationApiPath } from '../../../lib/api/places';

/** Every outlet query starts with this, so a change refreshes the register, the plans and the due list together. */
export const OUTLETS_QUERY_ROOT = ['outlets'] as const;

const place = (customer: string, location: string) => locationApiPath(customer, location);

export const outletsQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: [...OUTLETS_QUERY_ROOT, 'register', customer, location] as const,
    queryFn: async ({ signal }): Promise<TOutlet[]> => z.array(ZOutlet).parse(await http.get<unknown>(`${place(customer, location)}/outlets`, { signal })),
  });

export const checkPlansQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: [...OUTLETS_QUERY_ROOT, 'plans', customer, location] as const,
    queryFn: async ({ signal }): Promise<TLocationCheckPlans> => ZLocationCheckPlans.parse(await http.get<unknown>(`${place(customer, location)}/check-plans`, { signal })),
  });

export const dueChecksQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: [...OUTLETS_QUERY_ROOT, 'due', customer, location] as const,
    queryFn: async ({ signal }): Promise<TDueChecks> => ZDueChecks.parse(await http.get<unknown>(`${place(customer, location)}/due-checks`, { signal })),
  });

/** The location's sample points by id, to name an outlet's link (GET …/sample-points; sampling's own screen reads the same). */
const ZPointName = z.object({ id: z.number().int(), name: z.string() });
export const samplePointNamesQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: [...OUTLETS_QUERY_ROOT, 'samplePoints', customer, location] as const,
    queryFn: async ({ signal }) => z.array(ZPointName).parse(await http.get<unknown>(`${place(customer, location)}/sample-points`, { signal })),
  });

export async function addOutlet(customer: string, location: string, body: TOutletBody): Promise<TOutlet> {
  return ZOutlet.parse(await http.post<unknown>(`${place(customer, location)}/outlets`, body));
}

export async function changeOutlet(id: number, body: TOutletPatch): Promise<TOutlet> {
  return ZOutlet.parse(await http.patch<unknown>(`/outlets/${id}`, body));
}

export async function deleteOutlet(id: number): Promise<void> {
  await http.delete(`/outlets/${id}`);
}

export async function importOutlets(customer: string, location: string, csv: string): Promise<{ imported: number }> {
  return ZOutletImportReport.parse(await http.post<unknown>(`${place(customer, location)}/outlets/import`, { csv }));
}

export async function changeCheckPlans(customer: string, location: string, overrides: TCheckOverride[]): Promise<TLocationCheckPlans> {
  return ZLocationCheckPlans.parse(await http.patch<unknown>(`${place(customer, location)}/check-plans`, { overrides }));
}
