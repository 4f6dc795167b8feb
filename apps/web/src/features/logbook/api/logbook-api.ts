import { queryOptions } from '@tanstack/react-query';
import {
  effectiveResponsible,
  ZIssuedLogbookReport,
  ZLogbookReport,
  type TIssuedLogbookReport,
  type TLogbookPeriodQuery,
  type TLogbookReport,
  type TLogbookReportLanguage,
  type TResponsiblePerson,
} from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { customerApiPath, locationApiPath } from '../../../lib/api/places';

/**
 * The logbook calls (docs/logbook.md): a location's or a whole customer's report over a period,
 * its PDF and CSV, and the issued (registered) reports. Names are encoded in the paths as the
 * other place calls do (lib/api/places.ts).
 */

/** Whose logbook: a location of a customer, or the whole customer. */
export interface TLogbookScope {
  customer: string;
  location?: string;
}
export type TLogbookFormat = 'pdf' | 'csv';
/** The report's language: nl, en or de (the report has German texts, the screens do not). */
export type TLogbookLanguage = TLogbookReportLanguage;

export const logbookApiPath = (scope: TLogbookScope) =>
  `${scope.location === undefined ? customerApiPath(scope.customer) : locationApiPath(scope.customer, scope.location)}/logbook`;
export const issuedLogbookApiPath = (number: string) => `/logbook/issued/${encodeURIComponent(number)}`;

/** Every logbook query starts with this, so issuing can refresh the lists. */
export const LOGBOOK_QUERY_ROOT = ['logbook'] as const;
const scopeKey = (scope: TLogbookScope) => [scope.customer, scope.location ?? null] as const;

export const logbookReportQuery = (scope: TLogbookScope, period: TLogbookPeriodQuery) =>
  queryOptions({
    queryKey: [...LOGBOOK_QUERY_ROOT, 'report', ...scopeKey(scope), period.from, period.to] as const,
    queryFn: async ({ signal }): Promise<TLogbookReport> =>
      ZLogbookReport.parse(await http.get<unknown>(logbookApiPath(scope), { query: { from: period.from, to: period.to }, signal })),
  });

export const issuedLogbookQuery = (scope: TLogbookScope) =>
  queryOptions({
    queryKey: [...LOGBOOK_QUERY_ROOT, 'issued', ...scopeKey(scope)] as const,
    queryFn: async ({ signal }): Promise<TIssuedLogbookReport[]> => {
      const rows = await http.get<unknown[]>(`${logbookApiPath(scope)}/issued`, { signal });
      return rows.map((row) => ZIssuedLogbookReport.parse(row));
    },
  });

/** What the signer sends with the period (docs/logbook.md, "Sign-off"): the confirmed statement, their role, a reason to supersede. */
export interface TSignOffInput {
  statement: boolean;
  role: string;
  reason?: string;
}

/** POST .../logbook/issued: signs and registers the report of the period; answers the issued report. */
export async function issueLogbookReport(scope: TLogbookScope, period: TLogbookPeriodQuery, language: TLogbookLanguage, signOff: TSignOffInput): Promise<TIssuedLogbookReport> {
  return ZIssuedLogbookReport.parse(await http.post<unknown>(`${logbookApiPath(scope)}/issued`, { from: period.from, to: period.to, language, ...signOff }));
}

type TPersons = { responsible: TResponsiblePerson | null; deputy: TResponsiblePerson | null };

/** Who is responsible for the place's logbook: the location's own, else its customer's (the sign-off dialog shows them). */
export const responsibleQuery = (scope: TLogbookScope) =>
  queryOptions({
    queryKey: [...LOGBOOK_QUERY_ROOT, 'responsible', ...scopeKey(scope)] as const,
    queryFn: async ({ signal }) => {
      const persons = (place: Partial<TPersons>): TPersons => ({ responsible: place.responsible ?? null, deputy: place.deputy ?? null });
      const customer = persons(await http.get<Partial<TPersons>>(customerApiPath(scope.customer), { signal }));
      const location = scope.location === undefined ? null : persons(await http.get<Partial<TPersons>>(locationApiPath(scope.customer, scope.location), { signal }));
      return effectiveResponsible(location, customer);
    },
  });

/** GET .../logbook/pdf|csv: the report of a period as a file (not registered). */
export function fetchLogbookFile(scope: TLogbookScope, format: TLogbookFormat, period: TLogbookPeriodQuery, language: TLogbookLanguage) {
  return http.getFile(`${logbookApiPath(scope)}/${format}`, { query: { from: period.from, to: period.to, language } });
}

/** GET /logbook/issued/{number}/pdf|csv|json: the stored bytes of an issued report (json: its canonical JSON, whose SHA-256 is the report's). */
export function fetchIssuedLogbookFile(number: string, format: TLogbookFormat | 'json') {
  return http.getFile(`${issuedLogbookApiPath(number)}/${format}`);
}
