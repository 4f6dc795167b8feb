import { queryOptions } from '@tanstack/react-query';
import {
  DEFAULT_ENCRYPTION_MODE,
  DEVICE_LIST_ASSIGNED_PARAM,
  TOTAL_COUNT_HEADER,
  ZDevice,
  ZDeviceListItem,
  type TDevice,
  type TDeviceChannelPatch,
  type TDeviceListItem,
  type TDeviceLoraPatch,
} from '@aquasmart/domain';
import { http } from '../http/http';
import { isHttpError } from '../http/http-error';
import { customerApiPath, gatewayApiPath, locationApiPath } from './places';

/**
 * The node calls the node list, the register and the edit page share with the customer,
 * location and gateway tabs (docs/nodes.md, docs/telemetry.md "Read routes"). EUIs and names are
 * URL-encoded path segments.
 */
const segment = encodeURIComponent;

/** Where a node list looks: every node, or those of a customer, a location or a gateway. */
export interface TNodeScope {
  customer?: string;
  location?: string;
  gateway?: string;
}

export const nodeApiPath = (eui: string) => `/devices/${segment(eui)}`;
export const nodeScreen = (customer: string, location: string, eui: string) => `/nodes/${segment(customer)}/${segment(location)}/${segment(eui)}`;
export const nodeEditScreen = (customer: string, location: string, eui: string) => `${nodeScreen(customer, location, eui)}/edit`;

/** /nodes/new with the place the user came from filled in. */
export function nodeNewScreen(scope: TNodeScope = {}): string {
  const params = new URLSearchParams();
  for (const key of ['customer', 'location', 'gateway'] as const) {
    const value = scope[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/nodes/new?${query}` : '/nodes/new';
}

export function nodeListApiPath(scope: TNodeScope = {}): string {
  const { customer, location, gateway } = scope;
  if (customer === undefined) return '/devices';
  if (location === undefined) return `${customerApiPath(customer)}/devices`;
  if (gateway === undefined) return `${locationApiPath(customer, location)}/devices`;
  return `${gatewayApiPath(customer, location, gateway)}/devices`;
}

/** Every node query starts with this root, so a save or a removal can refresh them all. */
export const NODES_QUERY_ROOT = ['nodes'] as const;
export const nodeListKey = (scope: TNodeScope = {}) => [...NODES_QUERY_ROOT, 'list', scope.customer ?? null, scope.location ?? null, scope.gateway ?? null] as const;

/** What the list shows of a node (GET ...devices?projection=...). */
export const NODE_LIST_PROJECTION = 'eui name type version customer location gateway calibration lora channels sipp.parameters signal sync';

export interface TNodePageQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  search: string;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
}

/** The query of one page: 1-based page, limit, sort (`-field` descending), search, assigned nodes only. */
export function nodePageParams(query: TNodePageQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: query.page + 1,
    limit: query.pageSize,
    projection: NODE_LIST_PROJECTION,
    [DEVICE_LIST_ASSIGNED_PARAM]: 'true',
  };
  if (query.sort) params.sort = query.sort.direction === 'desc' ? `-${query.sort.field}` : query.sort.field;
  const search = query.search.trim();
  if (search) params.search = search;
  return params;
}

/** The export of a node list (docs/exports.md): the list's search and sort, every page, as CSV. */
export function nodeExport(scope: TNodeScope, query: Pick<TNodePageQuery, 'search' | 'sort'>): { path: string; query: Record<string, string | number>; fileName: string } {
  const { page: _page, limit: _limit, projection: _projection, ...rest } = nodePageParams({ ...query, page: 0, pageSize: 1 });
  return { path: `${nodeListApiPath(scope)}/export.csv`, query: rest, fileName: 'nodes.csv' };
}

/** One page of nodes with a customer and a location; the total from X-Total-Count. */
export async function fetchNodePage(scope: TNodeScope, query: TNodePageQuery, signal?: AbortSignal): Promise<{ rows: TDeviceListItem[]; total: number }> {
  const { data, headers } = await http.getWithHeaders<unknown[]>(nodeListApiPath(scope), { query: nodePageParams(query), signal });
  const rows = data.map((row) => ZDeviceListItem.parse(row));
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  const total = Number.isFinite(header) && headers.get(TOTAL_COUNT_HEADER) !== null ? header : query.page * query.pageSize + rows.length;
  return { rows, total };
}

export const nodeQuery = (eui: string) =>
  queryOptions({
    queryKey: [...NODES_QUERY_ROOT, 'one', eui] as const,
    queryFn: async ({ signal }): Promise<TDevice> => ZDevice.parse(await http.get<unknown>(nodeApiPath(eui), { signal })),
  });

/** Provisioned nodes without customer and location (GET /devices?conditions={customer:null,location:null}). */
export interface TUnassignedNode {
  eui: string;
  type: string;
  version: string;
  lora: { encryption?: { mode?: string } };
}

export const unassignedNodesQuery = queryOptions({
  queryKey: [...NODES_QUERY_ROOT, 'unassigned'] as const,
  queryFn: async ({ signal }): Promise<TUnassignedNode[]> => {
    const rows = await http.get<unknown[]>('/devices', {
      query: { conditions: JSON.stringify({ customer: null, location: null }), projection: 'eui type version lora' },
      signal,
    });
    return rows
      .map((row) => ZDeviceListItem.parse(row))
      .map((row) => ({ eui: row.eui ?? '', type: row.type ?? '', version: row.version ?? '', lora: { encryption: row.lora?.encryption } }))
      .filter((row) => row.eui !== '')
      .sort((a, b) => a.eui.localeCompare(b.eui));
  },
});

/**
 * Where a node is placed, when the user may see it and it has a customer and a location; null
 * otherwise (unknown, unassigned, or outside the user's customers: all 404 for non-administrators).
 * Asked without the 404 screen: /nodes/new checks a typed EUI with it before registering.
 */
export async function nodePlacement(eui: string, signal?: AbortSignal): Promise<{ customer: string; location: string } | null> {
  try {
    const node = await http.get<{ customer?: string | null; location?: string | null }>(nodeApiPath(eui), { signal, skipInterceptor: true });
    return node.customer && node.location ? { customer: node.customer, location: node.location } : null;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

export const encryptionModeOf = (node: { lora?: { encryption?: { mode?: string } } }) => node.lora?.encryption?.mode ?? DEFAULT_ENCRYPTION_MODE;

/** PATCH /devices/{eui}/lora/{encryptionMode}: registration, edit, move and removal. */
export async function patchNodeLora(eui: string, encryptionMode: string, body: TDeviceLoraPatch): Promise<TDevice> {
  return ZDevice.parse(await http.patch<unknown>(`${nodeApiPath(eui)}/lora/${segment(encryptionMode)}`, body));
}

/** PATCH /devices/{eui}/channels/{channelId}: a channel's name and custom { mode, attachments }. */
export async function patchNodeChannel(eui: string, channelId: string, body: TDeviceChannelPatch): Promise<unknown> {
  return http.patch<unknown>(`${nodeApiPath(eui)}/channels/${segment(channelId)}`, body);
}

/** Removal (docs/nodes.md): customer and location emptied, lora.state Stopped; the node stays. */
export const NODE_REMOVAL: TDeviceLoraPatch = { customer: null, location: null, lora: { state: 'Stopped' } };
export async function removeNode(node: { eui?: string; lora?: { encryption?: { mode?: string } } }): Promise<TDevice> {
  return patchNodeLora(node.eui ?? '', encryptionModeOf(node), NODE_REMOVAL);
}

/** GET /customers/{c}/locations/{l}/gateways?projection=name: the gateway choice of a location. */
export async function fetchGatewayNames(customer: string, location: string, signal?: AbortSignal): Promise<string[]> {
  const rows = await http.get<{ name: string }[]>(`${locationApiPath(customer, location)}/gateways`, { query: { projection: 'name' }, signal });
  return rows.map((row) => row.name);
}

export const gatewayNamesQuery = (customer: string, location: string, enabled = true) =>
  queryOptions({
    queryKey: ['gateways', 'names', customer, location] as const,
    queryFn: ({ signal }) => fetchGatewayNames(customer, location, signal),
    enabled: enabled && customer !== '' && location !== '',
  });

/** GET /customers/{c}/locations?projection=calibration.interval name: locations with their interval. */
export async function fetchLocationIntervals(customer: string, signal?: AbortSignal): Promise<{ name: string; interval: number | null }[]> {
  const rows = await http.get<{ name: string; calibration?: { interval?: number } }[]>(`${customerApiPath(customer)}/locations`, {
    query: { projection: 'calibration.interval name' },
    signal,
  });
  return rows.map((row) => ({ name: row.name, interval: row.calibration?.interval ?? null }));
}

export const locationIntervalsQuery = (customer: string) =>
  queryOptions({
    queryKey: ['locations', 'intervals', customer] as const,
    queryFn: ({ signal }) => fetchLocationIntervals(customer, signal),
    enabled: customer !== '',
  });

/** GET /products?conditions={"type":"Faucet"}&projection=name: the flush faucets (errors ignored: docs/nodes-screens.md, "Edit"). */
export const faucetProductsQuery = queryOptions({
  queryKey: ['products', 'faucetNames'] as const,
  queryFn: async ({ signal }): Promise<string[]> => {
    try {
      const rows = await http.get<{ name: string }[]>('/products', { query: { conditions: JSON.stringify({ type: 'Faucet' }), projection: 'name' }, signal });
      return rows.map((row) => row.name);
    } catch {
      return [];
    }
  },
});
