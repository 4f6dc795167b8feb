import { useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../snackbar/snackbar-context';
import { fetchCalibrationLogs } from '../../lib/api/places';
import { calibrationCsv, calibrationCsvFileName } from './calibration-csv';

/** Hands a text to the browser as a file download. */
function saveText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
      saveText(calibrationCsv(rows), calibrationCsvFileName(parts), 'text/csv;charset=utf-8');
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
