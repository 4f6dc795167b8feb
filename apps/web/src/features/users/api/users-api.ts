import { queryOptions } from '@tanstack/react-query';
import { ZCurrentUser, type TAccountPatch, type TCurrentUser, type TUserCreate, type TUserPatch } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { isHttpError } from '../../../lib/http/http-error';

/** The users calls (docs/users.md): base /api/v1, x-access-token. */
export type TUser = TCurrentUser;

export const USERS_QUERY_KEY = ['users', 'list'] as const;
export const CUSTOMER_NAMES_QUERY_KEY = ['customers', 'names'] as const;

/** The e-mail is part of the path: always URL-encoded. */
export function userPath(email: string): string {
  return `/users/${encodeURIComponent(email)}`;
}

function parseUser(data: unknown): TUser {
  const parsed = ZCurrentUser.safeParse(data);
  return parsed.success ? parsed.data : (data as TUser);
}

/** GET /users: every user, sorted by name by the server. */
export async function fetchUsers(signal?: AbortSignal): Promise<TUser[]> {
  const data = await http.get<unknown[]>('/users', { signal });
  return data.map(parseUser);
}

export async function fetchUser(email: string, signal?: AbortSignal): Promise<TUser> {
  return parseUser(await http.get<unknown>(userPath(email), { signal }));
}

export const userQuery = (email: string) =>
  queryOptions({ queryKey: ['users', 'one', email.toLowerCase()] as const, queryFn: ({ signal }) => fetchUser(email, signal) });

/** GET /customers?projection=name: the names for the customers multi-select, sorted by name. */
export async function fetchCustomerNames(signal?: AbortSignal): Promise<string[]> {
  const data = await http.get<{ name: string }[]>('/customers', { query: { projection: 'name' }, signal });
  return data.map((row) => row.name).sort((a, b) => a.localeCompare(b, 'nl'));
}

export const customerNamesQuery = queryOptions({
  queryKey: CUSTOMER_NAMES_QUERY_KEY,
  queryFn: ({ signal }) => fetchCustomerNames(signal),
});

export async function createUser(body: TUserCreate): Promise<TUser> {
  return parseUser(await http.post<unknown>('/users', body));
}

export async function patchUser(email: string, body: TUserPatch): Promise<TUser> {
  return parseUser(await http.patch<unknown>(userPath(email), body));
}

export async function deleteUser(email: string): Promise<void> {
  await http.delete(userPath(email));
}

/** PATCH /users/current: own names, e-mail, language and password. */
export async function patchAccount(body: TAccountPatch): Promise<TUser> {
  return parseUser(await http.patch<unknown>('/users/current', body));
}

/** The snackbar key of a failed user save or delete: minAdmin has its own text. */
export function userFailureKey(error: unknown, fallback: string): string {
  return isHttpError(error) && error.key === 'errors.minAdmin' ? 'snackbar.minAdmin' : fallback;
}
