import { queryOptions } from '@tanstack/react-query';
import { ZTwoFactorEnabled, ZTwoFactorSecret, ZTwoFactorStatus, type TTwoFactorEnabled, type TTwoFactorSecret, type TTwoFactorStatus } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** The own account's two-factor sign-in (docs/users.md, "Two-factor sign-in"). */
export const TWO_FACTOR_QUERY_KEY = ['users', 'current', 'twoFactor'] as const;

export const twoFactorStatusQuery = queryOptions({
  queryKey: TWO_FACTOR_QUERY_KEY,
  queryFn: async ({ signal }): Promise<TTwoFactorStatus> => ZTwoFactorStatus.parse(await http.get<unknown>('/users/current/twoFactor', { signal })),
});

export async function startTwoFactorSetup(): Promise<TTwoFactorSecret> {
  return ZTwoFactorSecret.parse(await http.post<unknown>('/users/current/twoFactor', undefined));
}

export async function confirmTwoFactor(code: string): Promise<TTwoFactorEnabled> {
  return ZTwoFactorEnabled.parse(await http.post<unknown>('/users/current/twoFactor/confirm', { code }));
}

export async function disableTwoFactor(body: { code?: string; password?: string }): Promise<void> {
  await http.post<unknown>('/users/current/twoFactor/disable', body);
}
