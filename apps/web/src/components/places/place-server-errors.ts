import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '../form/server-errors';

/**
 * Puts the server's field errors on a place or gateway form. The server names the interval
 * `calibration.interval`; the customer and location forms call it `interval`.
 */
export function applyPlaceServerErrors<TValues extends FieldValues>(error: unknown, setError: UseFormSetError<TValues>, known: readonly string[]): number {
  const renamed: UseFormSetError<TValues> = (path, value, options) =>
    setError((path === 'calibration.interval' ? 'interval' : path) as FieldPath<TValues>, value, options);
  return applyServerErrors(error, renamed, known);
}
