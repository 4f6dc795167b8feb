import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../snackbar/snackbar-context';
import { PLACES_QUERY_ROOTS } from '../../lib/api/places';
import { failureText } from '../../lib/http/failure-text';
import { applyPlaceServerErrors } from './place-server-errors';

export interface TSaveFlow<TValues extends FieldValues> {
  setError: UseFormSetError<TValues>;
  /** Form paths the server may name in `fields`. */
  fields: readonly string[];
  successKey: string;
  errorKey: string;
}

/**
 * What every customer, location and gateway form does around its save: on failure a red
 * snackbar with the server's reason and the field errors on the fields; on success the lists
 * marked stale, a green snackbar and the next screen.
 */
export function useSaveFlow<TValues extends FieldValues>({ setError, fields, successKey, errorKey }: TSaveFlow<TValues>) {
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
        applyPlaceServerErrors(error, setError, fields);
        return;
      }
      // Marked stale only: the next screen fetches what it shows. Refetching now would also ask for
      // this screen's own record, which after a rename answers 404 (and the interceptor opens /404).
      for (const key of Object.values(PLACES_QUERY_ROOTS)) void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
      snackbar.success(successKey);
      await navigate(next, { replace: true });
    },
    [t, i18n, snackbar, errorKey, setError, fields, queryClient, successKey, navigate],
  );
}
