import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  SAMPLE_RESULT_LIST_MAX_LIMIT,
  ZSamplePoint,
  ZSamplePointImportReport,
  ZSampleResult,
  ZSampleResultImportReport,
  ZSamplingPlan,
  type TSamplePoint,
  type TSamplePointBody,
  type TSamplePointPatch,
  type TSampleResult,
  type TSampleResultBody,
  type TSampleResultImportReport,
  type TSamplingPlan,
  type TSamplingPlanBody,
  type TSampleReportInput,
} from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { locationApiPath } from '../../../lib/api/places';

/** Every sampling query starts with this, so a change refreshes points, plan and results together (due dates move with a result). */
export const SAMPLING_QUERY_ROOT = ['sampling'] as const;

const place = (customer: string, location: string) => locationApiPath(customer, location);

export const samplePointsQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: [...SAMPLING_QUERY_ROOT, 'points', customer, location] as const,
    queryFn: async ({ signal }): Promise<TSamplePoint[]> => z.array(ZSamplePoint).parse(await http.get<unknown>(`${place(customer, location)}/sample-points`, { signal })),
  });

export const samplingPlanQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: [...SAMPLING_QUERY_ROOT, 'plan', customer, location] as const,
    queryFn: async ({ signal }): Promise<TSamplingPlan> => ZSamplingPlan.parse(await http.get<unknown>(`${place(customer, location)}/sampling-plan`, { signal })),
  });

/** The newest results of the location (or one point), at most SAMPLE_RESULT_LIST_MAX_LIMIT; the total from X-Total-Count. */
export const sampleResultsQuery = (customer: string, location: string, samplePointId: number | null) =>
  queryOptions({
    queryKey: [...SAMPLING_QUERY_ROOT, 'results', customer, location, samplePointId] as const,
    queryFn: async ({ signal }): Promise<{ rows: TSampleResult[]; total: number }> => {
      const { data, headers } = await http.getWithHeaders<unknown>(`${place(customer, location)}/sample-results`, {
        query: { limit: String(SAMPLE_RESULT_LIST_MAX_LIMIT), ...(samplePointId ? { samplePointId: String(samplePointId) } : {}) },
        signal,
      });
      const rows = z.array(ZSampleResult).parse(data);
      return { rows, total: Number(headers.get('x-total-count') ?? rows.length) };
    },
  });

export async function addSamplePoint(customer: string, location: string, body: TSamplePointBody): Promise<TSamplePoint> {
  return ZSamplePoint.parse(await http.post<unknown>(`${place(customer, location)}/sample-points`, body));
}

export async function changeSamplePoint(id: number, body: TSamplePointPatch): Promise<TSamplePoint> {
  return ZSamplePoint.parse(await http.patch<unknown>(`/sample-points/${id}`, body));
}

export async function changeSamplingPlan(customer: string, location: string, body: Partial<TSamplingPlanBody>): Promise<TSamplingPlan> {
  return ZSamplingPlan.parse(await http.patch<unknown>(`${place(customer, location)}/sampling-plan`, body));
}

export async function enterSampleResult(customer: string, location: string, body: TSampleResultBody): Promise<TSampleResult> {
  return ZSampleResult.parse(await http.post<unknown>(`${place(customer, location)}/sample-results`, body));
}

export async function importSamplePoints(customer: string, location: string, csv: string): Promise<z.infer<typeof ZSamplePointImportReport>> {
  return ZSamplePointImportReport.parse(await http.post<unknown>(`${place(customer, location)}/sample-points/import`, { csv }));
}

/** The lab's CSV; `mapping` (our field -> their header) for another layout (docs/sampling.md, "Other layouts"). */
export async function importSampleResults(customer: string, location: string, csv: string, mapping?: Record<string, string>): Promise<TSampleResultImportReport> {
  return ZSampleResultImportReport.parse(await http.post<unknown>(`${place(customer, location)}/sample-results/import`, mapping ? { csv, mapping } : { csv }));
}

/** POST /sample-results/{id}/report: the lab's PDF of a result entered before (a data: URL of the chosen file). */
export async function attachSampleReport(id: number, body: TSampleReportInput): Promise<TSampleResult> {
  return ZSampleResult.parse(await http.post<unknown>(`/sample-results/${id}/report`, body));
}

/** GET the result's `report.url`: the PDF as a file. */
export function fetchSampleReport(url: string) {
  return http.getFile(url);
}
