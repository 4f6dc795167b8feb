import { useMemo, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../lib/http/failure-text';
import { useSnackbar } from '../snackbar/snackbar-context';
import { deleteAll } from './delete-rows';
import type { TListMessages } from './list-source';

function includeModel(ids: Iterable<GridRowId> = []): GridRowSelectionModel {
  return { type: 'include', ids: new Set(ids) };
}

interface TListDeleteOptions<T> {
  pageIds: GridRowId[];
  rowsById: ReadonlyMap<GridRowId, T>;
  onDelete?: (row: T) => Promise<unknown>;
  messages?: TListMessages;
  queryKey: QueryKey;
}

/** The selection of the page's rows and their delete: confirmation, parallel deletes, one summary, a refresh. */
export function useListDelete<T>({ pageIds, rowsById, onDelete, messages, queryKey }: TListDeleteOptions<T>) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [selection, setSelection] = useState<GridRowSelectionModel>(() => includeModel());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const selectedIds = useMemo(
    () => (selection.type === 'include' ? pageIds.filter((id) => selection.ids.has(id)) : pageIds.filter((id) => !selection.ids.has(id))),
    [selection, pageIds],
  );
  const selectedRows = selectedIds.map((id) => rowsById.get(id)).filter((row): row is T => row !== undefined);

  const confirmDelete = async () => {
    if (!onDelete) return;
    setDeleting(true);
    const summary = await deleteAll(selectedRows, onDelete);
    setDeleting(false);
    setConfirming(false);
    setSelection(includeModel());
    if (summary.failed === 0) {
      snackbar.success(messages?.deleted ?? 'table.deleted', { count: summary.count });
    } else {
      const reason = failureReason(t, summary.firstError, (key) => i18n.exists(key));
      const text = t(messages?.deleteFailed ?? 'table.deleteFailed', { count: summary.count, failed: summary.failed });
      snackbar.error(reason ? `${text}: ${reason}` : text);
    }
    await queryClient.invalidateQueries({ queryKey });
  };

  return { selection, setSelection, selectedRows, confirming, setConfirming, deleting, confirmDelete };
}
