import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../snackbar/snackbar-context';
import { failureText } from '../../lib/http/failure-text';
import { applyServerErrors } from './server-errors';

export interface TSaveFlow<TValues extends FieldValues> {
  setError: UseFormSetError<TValues>;
  /** Form paths the server may name in `fields`. */
  fields: readonly string[];
  successKey: string;
  errorKey: string;
  /** Query roots whose answers the save makes stale. */
  staleQueryRoots: readonly QueryKey[];
  /** Server field paths that have another name in the form (`calibration.interval` -> `interval`). */
  renamedFields?: Readonly<Record<string, string>>;
}

/**
 * What a form does around its save: on failure a red snackbar with the server's reason and the
 * field errors on the fields; on success the lists marked stale, a green snackbar and the next
 * screen (the address `save` answers).
 */
export function useSaveFlow<TValues extends FieldValues>({ setError, fields, successKey, errorKey, staleQueryRoots, renamedFields = {} }: TSaveFlow<TValues>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  return useCallback(
    async (save: () => Promise<string>) => {
      let next: string;
      try {
        next = await save();
      } catch (error) {
        snackbar.error(failureText(t, error, errorKey, (key) => i18n.exists(key)));
        const renamed: UseFormSetError<TValues> = (path, value, options) => setError((renamedFields[path] ?? path) as FieldPath<TValues>, value, options);
        applyServerErrors(error, renamed, [...fields, ...Object.keys(renamedFields)]);
        return;
      }
      // Marked stale only: the next screen fetches what it shows. Refetching now would also ask for
      // this screen's own record, which after a rename answers 404 (and the interceptor opens /404).
      for (const key of staleQueryRoots) void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
      snackbar.success(successKey);
      await navigate(next, { replace: true });
    },
    [t, i18n, snackbar, errorKey, setError, fields, renamedFields, queryClient, staleQueryRoots, successKey, navigate],
  );
}
