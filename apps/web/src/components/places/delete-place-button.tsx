import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../table/confirm-dialog';
import { useSnackbar } from '../snackbar/snackbar-context';
import { failureText } from '../../lib/http/failure-text';

export interface TDeletePlaceButtonProps {
  /** The question in the dialog, naming what is deleted. */
  text: string;
  remove: () => Promise<void>;
  /** Snackbar keys (docs/screens.md, "Snackbars"; e.g. snackbar.customerDelete, snackbar.customerDeleteError). */
  successKey: string;
  errorKey: string;
  /** Where to go afterwards (the list). */
  afterDelete: string;
  /** The detail's own query: marked stale without a refetch, which would answer 404. */
  detailKey: QueryKey;
  /** Lists to refresh. */
  refresh: readonly QueryKey[];
}

/**
 * Delete on a detail page: asks first; a refusal (409: still has locations, gateways, nodes...)
 * shows the server's reason in the red snackbar and leaves everything as it was.
 */
export function DeletePlaceButton({ text, remove, successKey, errorKey, afterDelete, detailKey, refresh }: TDeletePlaceButtonProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await remove();
    } catch (error) {
      setBusy(false);
      setOpen(false);
      snackbar.error(failureText(t, error, errorKey, (key) => i18n.exists(key)));
      return;
    }
    setBusy(false);
    setOpen(false);
    snackbar.success(successKey);
    // Marked stale only: refetching the deleted record (still watched by this page) would answer 404.
    void queryClient.invalidateQueries({ queryKey: detailKey, refetchType: 'none' });
    for (const key of refresh) void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
    await navigate(afterDelete, { replace: true });
  };
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        busy={busy}
        title={t('table.confirmTitle')}
        text={text}
        confirmLabel={t('common.delete')}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
