import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import { useTranslation } from 'react-i18next';
import type { TDevice } from '@aquasmart/domain';
import { failureText } from '../../../../lib/http/failure-text';
import { useSnackbar } from '../../../../components/snackbar';
import { ConfirmDialog } from '../../../../components/table';
import { showNode, swapBattery } from './calibration-api';

/** The dashboard feature's query root (features do not import each other). */
const DASHBOARD_QUERY_ROOT = ['dashboard'] as const;

/**
 * Battery swap (right calibration; docs/calibration.md): asks first, then the server sets
 * battery.ts to now and clears the battery alarm; success 'Batterij verwisseld', failure
 * batteryChangedError.
 */
export function BatterySwapButton({ device }: { device: TDevice }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      showNode(queryClient, await swapBattery(device));
      // The dashboard's low-battery count and list no longer hold the node: fetched anew when next shown.
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_ROOT });
      snackbar.success('snackbar.batteryChanged');
      setOpen(false);
    } catch (error) {
      snackbar.error(failureText(t, error, 'snackbar.batteryChangedError', (key) => i18n.exists(key)));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outlined" startIcon={<BatteryChargingFullIcon />} onClick={() => setOpen(true)} sx={{ mt: 2, minHeight: 44 }}>
        {t('calibration.batterySwapButton')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('calibration.batterySwapTitle')}
        text={t('calibration.batterySwapText', { name: device.name || device.eui })}
        confirmLabel={t('calibration.batterySwapConfirm')}
        confirmColor="primary"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
