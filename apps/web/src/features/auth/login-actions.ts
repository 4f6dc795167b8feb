import { issuesToFields, ZLoginForm, type TLoginForm } from '@aquasmart/domain';

export { login, loginFailureKey } from './api/auth-api';

export type TLoginErrors = Partial<Record<keyof TLoginForm, string>>;

/** The form under ZLoginForm: the parsed values (the e-mail address trimmed), or the first message key per field. */
export function checkLoginForm(values: TLoginForm): { values: TLoginForm; errors: null } | { values: null; errors: TLoginErrors } {
  const result = ZLoginForm.safeParse(values);
  return result.success ? { values: result.data, errors: null } : { values: null, errors: issuesToFields(result.error.issues) };
}
