import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isHttpError } from '../../lib/http/http-error';

/**
 * Puts the server's `fields` (field path -> message key) on the form's fields. Paths the form
 * does not know are skipped when `known` is given. Returns how many errors were set.
 */
export function applyServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  known?: readonly string[],
): number {
  if (!isHttpError(error)) return 0;
  let count = 0;
  let first = true;
  for (const [path, key] of Object.entries(error.fields)) {
    if (known && !known.includes(path)) continue;
    setError(path as FieldPath<TValues>, { type: 'server', message: key }, { shouldFocus: first });
    first = false;
    count += 1;
  }
  return count;
}
