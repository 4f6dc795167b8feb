import { useState } from 'react';
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import '../../lib/i18n/texts/field';
import { http } from '../../lib/http/http';
import { saveFile } from '../../lib/save-file';
import { useSnackbar } from '../snackbar/snackbar-context';

export interface TLabelsButtonProps {
  /** The nodes of a location, or the selected nodes (EUIs). */
  customer?: string;
  location?: string;
  euis?: readonly string[];
}


/**
 * Downloads the label sheet (docs/field-work.md, "Print labels"): GET /devices/labels as a PDF of
 * 3 x 8 labels on A4, in the reader's language, handed to the browser to print.
 */
export function LabelsButton({ customer, location, euis }: TLabelsButtonProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const query = euis ? { euis: euis.join(',') } : { customer, location };
      const { blob, fileName } = await http.getFile('/devices/labels', { query: { ...query, language: i18n.language === 'en' ? 'en' : 'nl' } });
      saveFile(blob, fileName ?? 'labels.pdf');
    } catch {
      snackbar.error('field.labels.error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => void download()} disabled={busy}>
      {t(euis ? 'field.labels.printSelected' : 'field.labels.print')}
    </Button>
  );
}
