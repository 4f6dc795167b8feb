import { ZPasswordResetCheckResponse, type TPasswordResetCheckResponse } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/**
 * The forgotten-password calls (docs/users.md, "Forgotten password"): public, so a refusal is the
 * page's to show (no sign-in redirect).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post<unknown>('/auth/password-reset', { email }, { skipInterceptor: true });
}

export async function checkPasswordReset(token: string): Promise<TPasswordResetCheckResponse> {
  return ZPasswordResetCheckResponse.parse(await http.post<unknown>('/auth/password-reset/check', { token }, { skipInterceptor: true }));
}

export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await http.post<unknown>('/auth/password-reset/confirm', { token, password }, { skipInterceptor: true });
}
