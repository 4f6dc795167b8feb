import { ZTokenResponse, type TLoginForm } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { isHttpError } from '../../../lib/http/http-error';
import { basicCredentials } from '../../../lib/http/basic-credentials';

export { basicCredentials };

/** POST /auth with Basic credentials; answers the new access token. */
export async function login({ email, password }: TLoginForm): Promise<string> {
  const answer = await http.post<unknown>('/auth', undefined, {
    headers: { authorization: basicCredentials(email, password) },
    skipInterceptor: true,
  });
  return ZTokenResponse.parse(answer).token;
}

/** The alert text of a failed login: wrong credentials, too many attempts, or a general failure. */
export function loginFailureKey(error: unknown): string {
  if (!isHttpError(error)) return 'login.failed';
  if (error.status === 401) return 'errors.invalidCredentials';
  if (error.status === 429) return 'errors.tooManyAttempts';
  if (error.status === 0 || error.status === 502 || error.status === 503) return 'errors.unavailable';
  return 'login.failed';
}
