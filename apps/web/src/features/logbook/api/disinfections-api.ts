import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPlannedDisinfection, type TLogbookPeriodQuery, type TPlannedDisinfection, type TPlannedDisinfectionBody } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { locationApiPath } from '../../../lib/api/places';
import { LOGBOOK_QUERY_ROOT } from './logbook-api';

/** A location's planned thermal disinfections (docs/logbook.md, "Thermal disinfection"). */
export const disinfectionsApiPath = (customer: string, location: string) => `${locationApiPath(customer, location)}/disinfections`;

/** Those that overlap the period, newest first; under the logbook's root, so recording one refreshes the preview too. */
export const plannedDisinfectionsQuery = (customer: string, location: string, period: TLogbookPeriodQuery) =>
  queryOptions({
    queryKey: [...LOGBOOK_QUERY_ROOT, 'disinfections', customer, location, period.from, period.to] as const,
    queryFn: async ({ signal }): Promise<TPlannedDisinfection[]> =>
      z.array(ZPlannedDisinfection).parse(await http.get<unknown>(disinfectionsApiPath(customer, location), { query: { from: period.from, to: period.to }, signal })),
  });

export async function recordPlannedDisinfection(customer: string, location: string, body: TPlannedDisinfectionBody): Promise<TPlannedDisinfection> {
  return ZPlannedDisinfection.parse(await http.post<unknown>(disinfectionsApiPath(customer, location), body));
}
