import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCurrentUser, type TCurrentUser } from '@aquasmart/domain';
import { http } from '../http/http';
import { getToken } from './token-storage';

export const CURRENT_USER_QUERY_KEY = ['users', 'current'] as const;

/**
 * GET /users/current. The answer is checked against the shared schema; a server that sends a
 * slightly different shape is logged rather than locking the user out of the portal.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<TCurrentUser> {
  const data = await http.get<unknown>('/users/current', { signal });
  const parsed = ZCurrentUser.safeParse(data);
  if (parsed.success) return parsed.data;
  console.warn('GET /users/current: unexpected shape', parsed.error.issues);
  return data as TCurrentUser;
}

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 5 * 60_000,
});

/** The signed-in user (rights, customers, language). Disabled without a token. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: getToken() !== null });
}
