import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  REGENERATE_SECRET,
  ZNetworkServer,
  type TNetworkServer,
  type TNetworkServerCreate,
  type TNetworkServerKind,
  type TNetworkServerPatch,
} from '@aquasmart/domain';
import { http } from '../http/http';

/** The network server calls (docs/telemetry.md, "Network servers"): administrators see full records. */
export const NETWORK_SERVERS_QUERY_KEY = ['networkServers'] as const;
/** The list screen's entry (the list kit stores its own shape under it). */
export const NETWORK_SERVERS_LIST_KEY = [...NETWORK_SERVERS_QUERY_KEY, 'list'] as const;
/** The records for pickers and examples, as an array. */
const NETWORK_SERVERS_ALL_KEY = [...NETWORK_SERVERS_QUERY_KEY, 'all'] as const;

/** The name is part of the path: always URL-encoded. */
export const networkServerApiPath = (name: string) => `/networkServers/${encodeURIComponent(name)}`;
export const networkServerEditScreen = (name: string) => `/networkServers/${encodeURIComponent(name)}/edit`;

/** The intake endpoint each kind's integration posts to (see docs/telemetry.md, "Intake"). */
const INTEGRATION_PATHS: Record<TNetworkServerKind, string> = {
  chirpstack: '/api/v1/integrations/chirpstack',
  tts: '/api/v1/integrations/tts',
};

export function integrationUrl(kind: TNetworkServerKind, origin: string): string {
  return `${origin.replace(/\/+$/, '')}${INTEGRATION_PATHS[kind]}`;
}

function parseNetworkServer(data: unknown): TNetworkServer {
  return ZNetworkServer.parse(data);
}

/** GET /networkServers: every record, sorted by name by the server. */
export async function fetchNetworkServers(signal?: AbortSignal): Promise<TNetworkServer[]> {
  const data = await http.get<unknown[]>('/networkServers', { signal });
  return data.map(parseNetworkServer);
}

export const networkServersQuery = queryOptions({
  queryKey: NETWORK_SERVERS_ALL_KEY,
  queryFn: ({ signal }) => fetchNetworkServers(signal),
});

export const networkServerQuery = (name: string) =>
  queryOptions({
    queryKey: [...NETWORK_SERVERS_QUERY_KEY, 'one', name] as const,
    queryFn: async ({ signal }) => parseNetworkServer(await http.get<unknown>(networkServerApiPath(name), { signal })),
  });

export async function createNetworkServer(body: TNetworkServerCreate): Promise<TNetworkServer> {
  return parseNetworkServer(await http.post<unknown>('/networkServers', body));
}

export async function patchNetworkServer(name: string, body: TNetworkServerPatch): Promise<TNetworkServer> {
  return parseNetworkServer(await http.patch<unknown>(networkServerApiPath(name), body));
}

/** A new random secret, drawn by the server (the old one stops working within seconds). */
export async function regenerateSecret(name: string): Promise<TNetworkServer> {
  return patchNetworkServer(name, { secret: REGENERATE_SECRET });
}

export async function deleteNetworkServer(name: string): Promise<void> {
  await http.delete(networkServerApiPath(name));
}

/** After a change: both lists are stale (the records of single servers are handled by the screens). */
export function invalidateNetworkServerLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: NETWORK_SERVERS_LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: NETWORK_SERVERS_ALL_KEY });
}
