import { useState } from 'react';
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import '../../lib/i18n/texts/field';
import { locationApiPath } from '../../lib/api/places';
import { http } from '../../lib/http/http';
import { isHttpError } from '../../lib/http/http-error';
import { saveFile } from '../../lib/save-file';
import { useSnackbar } from '../snackbar/snackbar-context';

export interface TLabelsButtonProps {
  /** The nodes of a location, or the selected nodes (EUIs). */
  customer?: string;
  location?: string;
  euis?: readonly string[];
}

export interface TOutletLabelsButtonProps {
  /** The location whose outlets are labelled: all of them, or those of `ids`. */
  customer: string;
  location: string;
  ids?: readonly number[];
}

/** A button that downloads a label sheet (a PDF) and hands it to the browser to print; a 404 says `notFound`. */
function PrintButton({ label, path, query, notFound }: { label: string; path: string; query: Record<string, string | undefined>; notFound: string }) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await http.getFile(path, { query });
      saveFile(blob, fileName ?? 'labels.pdf');
    } catch (error) {
      snackbar.error(isHttpError(error) && error.status === 404 ? notFound : 'field.labels.error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => void download()} disabled={busy}>
      {label}
    </Button>
  );
}

/**
 * Downloads the label sheet of nodes (docs/field-work.md, "Print labels"): GET /devices/labels as a
 * PDF of 3 x 8 labels on A4, in the reader's language.
 */
export function LabelsButton({ customer, location, euis }: TLabelsButtonProps) {
  const { t, i18n } = useTranslation();
  const query = euis ? { euis: euis.join(',') } : { customer, location };
  return (
    <PrintButton
      label={t(euis ? 'field.labels.printSelected' : 'field.labels.print')}
      path="/devices/labels"
      query={{ ...query, language: i18n.language === 'en' ? 'en' : 'nl' }}
      notFound="field.labels.error"
    />
  );
}

/**
 * Downloads the label sheet of a location's outlets, or of the chosen ones (docs/field-work.md,
 * "Outlet labels"): the same sheet, each QR code the outlet's page. German readers get German words
 * on the labels (the sheet has them; the screens show English).
 */
export function OutletLabelsButton({ customer, location, ids }: TOutletLabelsButtonProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'nl' || i18n.language === 'de' ? i18n.language : 'en';
  return (
    <PrintButton
      label={t(ids ? 'field.labels.printOutletsSelected' : 'field.labels.printOutlets')}
      path={`${locationApiPath(customer, location)}/outlets/labels`}
      query={{ ids: ids?.join(','), language }}
      notFound="field.labels.noOutlets"
    />
  );
}
