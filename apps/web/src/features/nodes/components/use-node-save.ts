import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { NODES_QUERY_ROOT } from '../../../lib/api/nodes';
import { failureText } from '../../../lib/http/failure-text';
import { SERVER_FIELD_TO_FORM } from '../node-form';

/**
 * Around a node save (docs/nodes-screens.md, "Register" and "Edit"): a red snackbar (nodeCreateError, nodeEditError) with
 * the server's reason and its field errors on the fields, or the node lists marked stale, a green
 * snackbar and the node.
 */
export function useNodeSave<TValues extends FieldValues>(setError: UseFormSetError<TValues>, fields: readonly string[], successKey: string, errorKey: string) {
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
        const renamed: UseFormSetError<TValues> = (path, value, options) => setError((SERVER_FIELD_TO_FORM[path] ?? path) as FieldPath<TValues>, value, options);
        applyServerErrors(error, renamed, [...fields, ...Object.keys(SERVER_FIELD_TO_FORM)]);
        return;
      }
      // Marked stale only: the next screen fetches what it shows.
      for (const key of [NODES_QUERY_ROOT, ['locations'], ['customers'], ['gateways']]) void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
      snackbar.success(successKey);
      await navigate(next, { replace: true });
    },
    [t, i18n, snackbar, errorKey, setError, fields, queryClient, successKey, navigate],
  );
}
