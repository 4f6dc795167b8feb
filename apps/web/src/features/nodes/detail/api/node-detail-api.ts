import { queryOptions } from '@tanstack/react-query';
import { ZDeviceDataItem, ZDeviceHeardGateway, type TDeviceDataItem, type TDeviceHeardGateway } from '@aquasmart/domain';
import { http } from '../../../../lib/http/http';
import { nodeApiPath, NODES_QUERY_ROOT } from '../../../../lib/api/nodes';

/**
 * The calls of the node detail (docs/nodes-screens.md, "Node detail"). Paths carry the EUI and names URL-encoded.
 * Query keys start with the shared NODES_QUERY_ROOT, so a save elsewhere (edit, register) refreshes them.
 */
const segment = encodeURIComponent;
const deviceApiPath = nodeApiPath;

/** Rows per request of the history; the server's default and far under its maximum of 100,000. */
export const DATA_PAGE_SIZE = 10_000;

/**
 * GET /devices/{eui}/data, every page of the conditions (oldest first): the server answers at
 * most `limit` rows, so pages are asked for until one comes back short.
 */
export async function fetchAllDeviceData(
  eui: string,
  query: { conditions: string; projection: string },
  signal?: AbortSignal,
  pageSize = DATA_PAGE_SIZE,
): Promise<TDeviceDataItem[]> {
  const rows: TDeviceDataItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await http.get<unknown[]>(`${deviceApiPath(eui)}/data`, { query: { ...query, page, limit: pageSize }, signal });
    for (const row of answer) rows.push(ZDeviceDataItem.parse(row));
    if (answer.length < pageSize) return rows;
  }
}

export const chartDataQuery = (eui: string, conditions: string) =>
  queryOptions({
    queryKey: [...NODES_QUERY_ROOT, 'chartData', eui, conditions] as const,
    queryFn: ({ signal }) => fetchAllDeviceData(eui, { conditions, projection: 'value' }, signal),
    staleTime: 60_000,
  });

/** The LoRa tab: radio fields of every message since a moment, newest first. */
export const loraMessagesQuery = (eui: string, sinceMs: number) =>
  queryOptions({
    queryKey: [...NODES_QUERY_ROOT, 'lora', eui, sinceMs] as const,
    queryFn: async ({ signal }) => {
      const rows = await fetchAllDeviceData(
        eui,
        { conditions: JSON.stringify({ ts: { $gte: new Date(sinceMs).toISOString() } }), projection: 'ts msgId counter rssi snr gateway' },
        signal,
      );
      return rows.reverse();
    },
  });

/** GET /connectors/{id}/{version}?projection=messages: message id -> name. */
export const connectorMessagesQuery = (id: string, version: string) =>
  queryOptions({
    queryKey: ['connectors', id, version, 'messages'] as const,
    queryFn: async ({ signal }): Promise<Map<number, string>> => {
      const answer = await http.get<{ messages?: { id: number; name: string }[] }>(`/connectors/${segment(id)}/${segment(version)}`, {
        query: { projection: 'messages' },
        signal,
      });
      return new Map((answer.messages ?? []).map((message) => [message.id, message.name]));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface TAuditEntry {
  ts: string;
  user: string | null;
  value: unknown;
}

/** GET /devices/{eui}/auditLogs (administrators): newest first. */
/** The audit log's export (docs/exports.md): every entry, newest first, as CSV. */
export const auditLogExport = (eui: string) => ({ path: `${deviceApiPath(eui)}/auditLogs/export.csv`, query: {}, fileName: `audit-${eui}.csv` });

export const auditLogQuery = (eui: string) =>
  queryOptions({
    queryKey: [...NODES_QUERY_ROOT, 'auditLogs', eui] as const,
    queryFn: ({ signal }) => http.get<TAuditEntry[]>(`${deviceApiPath(eui)}/auditLogs`, { signal }),
  });

/** GET /overflowLogs of this node in state Started (overflowDetection or dashboard): the start of the open detection. */
export const openOverflowQuery = (eui: string) =>
  queryOptions({
    queryKey: ['overflowLogs', 'open', eui] as const,
    queryFn: async ({ signal }): Promise<number | null> => {
      const rows = await http.get<{ ts?: string }[]>('/overflowLogs', {
        query: { conditions: JSON.stringify({ eui, 'lora.state': 'Started' }), projection: 'ts' },
        signal,
      });
      const times = rows.map((row) => (row.ts ? Date.parse(row.ts) : Number.NaN)).filter((time) => !Number.isNaN(time));
      return times.length ? Math.min(...times) : null;
    },
  });

/** GET /devices/{eui}/gateways: the registered gateways that heard the node, latest first (docs/gateways.md). */
export const nodeHeardGatewaysQuery = (eui: string) =>
  queryOptions({
    queryKey: [...NODES_QUERY_ROOT, 'heardGateways', eui] as const,
    queryFn: async ({ signal }): Promise<TDeviceHeardGateway[]> =>
      (await http.get<unknown[]>(`${deviceApiPath(eui)}/gateways`, { signal })).map((row) => ZDeviceHeardGateway.parse(row)),
  });
