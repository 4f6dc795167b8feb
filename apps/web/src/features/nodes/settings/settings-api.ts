import { TOTAL_COUNT_HEADER, type TRegisterChange } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { nodeApiPath } from '../../../lib/api/nodes';

/** The settings calls (docs/telemetry.md, "Downlinks"; docs/node-settings.md). */

/** POST /devices/{eui}/parameters: the registers that changed; they are stored pending and sent. */
export async function postNodeParameters(eui: string, registers: TRegisterChange[]): Promise<unknown> {
  return http.post<unknown>(`${nodeApiPath(eui)}/parameters`, registers);
}

/** POST /devices/{eui}/parameters/{register}: one register (replication). */
export async function postNodeParameter(eui: string, register: number, value: Record<string, unknown>): Promise<unknown> {
  return http.post<unknown>(`${nodeApiPath(eui)}/parameters/${register}`, { value });
}

export interface TCandidate {
  eui: string;
  name: string;
  customer: string | null;
  location: string | null;
}

/** Replication candidates: same type, another EUI, with parameters; one page of 10, searched on the server. */
export async function fetchCandidates(
  source: { eui: string; type: string },
  query: { page: number; pageSize: number; search: string },
  signal?: AbortSignal,
): Promise<{ rows: TCandidate[]; total: number }> {
  const params: Record<string, string | number> = {
    conditions: JSON.stringify({ type: source.type, eui: { $ne: source.eui }, sync: { $ne: -1 } }),
    projection: 'eui name customer location',
    page: query.page + 1,
    limit: query.pageSize,
  };
  if (query.search.trim()) params.search = query.search.trim();
  const { data, headers } = await http.getWithHeaders<TCandidate[]>('/devices', { query: params, signal });
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length);
  return { rows: data.map((row) => ({ eui: row.eui, name: row.name ?? '', customer: row.customer ?? null, location: row.location ?? null })), total };
}
