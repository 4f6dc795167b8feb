import { useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../snackbar/snackbar-context';
import { fetchCalibrationLogs } from '../../lib/api/places';
import { saveFile } from '../../lib/save-file';
import { calibrationCsv, calibrationCsvFileName } from './calibration-csv';

/** Downloads the calibration log of a customer or location as CSV (calibrationData; docs/places-screens.md, "Calibration CSV"). */
export function CalibrationDownloadButton({ customer, location }: { customer: string; location?: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const rows = await fetchCalibrationLogs(customer, location);
      const parts = location === undefined ? [customer] : [customer, location];
      saveFile(new Blob([calibrationCsv(rows)], { type: 'text/csv;charset=utf-8' }), calibrationCsvFileName(parts));
    } catch {
      snackbar.error('snackbar.calibLogsGetError');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} loading={busy} onClick={() => void download()}>
      {t('places.calibrationDownload')}
    </Button>
  );
}
