import { issuesToFields, ZLoginForm, type TLoginForm } from '@aquasmart/domain';
import { loginFailureKey } from './api/auth-api';

export { login } from './api/auth-api';

/**
 * The alert's message key of a failed login, its text loaded first where the login catalogue has none
 * (single sign-on's); when that text cannot be loaded, the general failure rather than a bare key.
 */
export async function loginFailure(error: unknown): Promise<string> {
  const key = loginFailureKey(error);
  if (!key.startsWith('errors.sso')) return key;
  return import('../../lib/i18n/texts/sso').then(
    () => key,
    () => 'login.failed',
  );
}

export type TLoginErrors = Partial<Record<keyof TLoginForm, string>>;

/** The form under ZLoginForm: the parsed values (the e-mail address trimmed), or the first message key per field. */
export function checkLoginForm(values: TLoginForm): { values: TLoginForm; errors: null } | { values: null; errors: TLoginErrors } {
  const result = ZLoginForm.safeParse(values);
  return result.success ? { values: result.data, errors: null } : { values: null, errors: issuesToFields(result.error.issues) };
}
