import { useRef, useState, type FormEvent } from 'react';
import type { TLoginForm } from '@aquasmart/domain';
import type * as loginActions from './login-actions';
import type { TLoginErrors } from './login-actions';

type TField = keyof TLoginForm;
type TLoginActions = typeof loginActions;
const FIELDS: readonly TField[] = ['email', 'password'];

let loading: Promise<TLoginActions> | null = null;

/**
 * The form's rules and the login call (zod and the HTTP client) are fetched on the first keystroke
 * or submit, not with the page (docs/operations.md, "Login page budget"); once.
 */
export function loadLoginActions(): Promise<TLoginActions> {
  loading ??= import('./login-actions').catch((error: unknown) => {
    loading = null; // the next keystroke or submit tries again
    throw error;
  });
  return loading;
}

/**
 * The login form's state without a form library: react-hook-form stays off the login page
 * (docs/operations.md, "Login page budget"). It behaves as the other forms set up for it did:
 * ZLoginForm is checked on submit (not on blur: an error appearing while clicking a language link
 * would shift the page under the pointer), after a submit a field is checked again as it changes,
 * the first failing field gets the focus, the e-mail address is trimmed when it loses focus, and
 * `onValid` gets the parsed values. `onUnreachable` is called when the rules cannot be fetched.
 */
export function useLoginForm(onValid: (values: TLoginForm, actions: TLoginActions) => Promise<void>, onUnreachable: () => void) {
  const [values, setValues] = useState<TLoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<TLoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<TField, HTMLInputElement | null>>>({});
  // Set by the first submit: from then on each change is checked again.
  const actions = useRef<TLoginActions | null>(null);

  function change(field: TField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (actions.current) {
      const message = actions.current.checkLoginForm(next).errors?.[field];
      setErrors((current) => ({ ...current, [field]: message }));
    } else loadLoginActions().catch(() => undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    let loaded: TLoginActions;
    try {
      loaded = await loadLoginActions();
    } catch {
      onUnreachable();
      return;
    }
    actions.current = loaded;
    const checked = loaded.checkLoginForm(values);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = FIELDS.find((field) => checked.errors[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(checked.values, loaded);
    } finally {
      setSubmitting(false);
    }
  }

  /** The props of one field's input: value, change, trim on blur (not the password), the ref for the focus. */
  function field(name: TField) {
    return {
      name,
      value: values[name],
      error: errors[name],
      inputRef: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
      onChange: (event: { target: { value: string } }) => change(name, event.target.value),
      onBlur: () => {
        if (name !== 'password' && values[name] !== values[name].trim()) change(name, values[name].trim());
      },
    };
  }

  return { field, submit, submitting };
}
