import { SSO_ERROR, ZSignInAnswer, ZTwoFactorSecret, type TLoginForm, type TSignInAnswer, type TTwoFactorSecret } from '@aquasmart/domain';
import { z } from 'zod';
import { http } from '../../../lib/http/http';
import { isHttpError } from '../../../lib/http/http-error';
import { basicCredentials } from '../../../lib/http/basic-credentials';

export { basicCredentials };

/**
 * POST /auth with Basic credentials; answers the new access token, or the second step of two-factor
 * sign-in with its challenge (docs/users.md, "Two-factor sign-in").
 */
export async function login({ email, password }: TLoginForm): Promise<TSignInAnswer> {
  const answer = await http.post<unknown>('/auth', undefined, {
    headers: { authorization: basicCredentials(email, password) },
    skipInterceptor: true,
  });
  return ZSignInAnswer.parse(answer);
}

const ZSecondStepAnswer = z.object({ token: z.string(), recoveryCodes: z.array(z.string()).optional() });

/** POST /auth/twoFactor: the challenge and a code, or a recovery code; the session token (and recovery codes after a set-up). */
export async function twoFactorSignIn(body: { challenge: string; code?: string; recoveryCode?: string }): Promise<z.infer<typeof ZSecondStepAnswer>> {
  return ZSecondStepAnswer.parse(await http.post<unknown>('/auth/twoFactor', body, { skipInterceptor: true }));
}

/** POST /auth/twoFactor/setup: the secret for a user who must set two-factor up now. */
export async function twoFactorSetupSecret(challenge: string): Promise<TTwoFactorSecret> {
  return ZTwoFactorSecret.parse(await http.post<unknown>('/auth/twoFactor/setup', { challenge }, { skipInterceptor: true }));
}

/**
 * The alert text of a failed login: wrong credentials, too many attempts, single sign-on only for the
 * address (docs/sso.md), or a general failure.
 */
export function loginFailureKey(error: unknown): string {
  if (!isHttpError(error)) return 'login.failed';
  if (error.status === 401) return 'errors.invalidCredentials';
  if (error.status === 403 && error.body?.key === SSO_ERROR.required) return SSO_ERROR.required;
  if (error.status === 429) return 'errors.tooManyAttempts';
  if (error.status === 0 || error.status === 502 || error.status === 503) return 'errors.unavailable';
  return 'login.failed';
}
