import { ZApiKey, ZApiKeyCreated, type TApiKey, type TApiKeyCreate, type TApiKeyCreated } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** The API key calls (docs/api-keys.md). */
export const API_KEYS_QUERY_KEY = ['api-keys', 'list'] as const;
export const API_KEYS_PATH = '/api-keys';

export async function fetchApiKeys(signal?: AbortSignal): Promise<TApiKey[]> {
  const data = await http.get<unknown[]>(API_KEYS_PATH, { signal });
  return data.map((row) => ZApiKey.parse(row));
}

/** POST /api-keys: the answer holds the key itself, this once. */
export async function createApiKey(body: TApiKeyCreate): Promise<TApiKeyCreated> {
  return ZApiKeyCreated.parse(await http.post<unknown>(API_KEYS_PATH, body));
}

/** DELETE /api-keys/{id}: revokes; the key stays listed. */
export async function revokeApiKey(id: number): Promise<TApiKey> {
  return ZApiKey.parse(await http.delete<unknown>(`${API_KEYS_PATH}/${id}`));
}
