import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { SAMPLING_CSV_MAX_BYTES } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { isHttpError } from '../../../lib/http/http-error';
import { serverReason } from '../../../lib/http/failure-text';
import { translateMessage } from '../../../lib/i18n/i18n';

/**
 * A CSV import (sample points or lab results; docs/sampling.md, "CSV files"): the file is read in
 * the browser and sent whole; a refused file shows the server's reason with its line and, per
 * column, what is wrong; nothing was imported then.
 */
export function CsvDialog({ kind, busy, error, onSubmit, onClose }: { kind: 'points' | 'results'; busy: boolean; error: unknown; onSubmit: (csv: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void file.text().then(onSubmit);
  };
  const fields = isHttpError(error) ? Object.entries(error.fields) : [];
  return (
    <FormDialog title={t(kind === 'points' ? 'sampling.csv.pointsTitle' : 'sampling.csv.resultsTitle')} submitLabel={t('sampling.csv.import')} busy={busy} onSubmit={submit} onClose={onClose} submitDisabled={!file || tooLarge}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t(kind === 'points' ? 'sampling.csv.pointsHelp' : 'sampling.csv.resultsHelp')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('sampling.csv.allOrNothing')}
      </Typography>
      <input
        id={inputId}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        aria-label={t('sampling.csv.file')}
        style={{ display: 'none' }}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          setFile(chosen);
          setTooLarge(chosen !== null && chosen.size > SAMPLING_CSV_MAX_BYTES);
        }}
      />
      <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />} sx={{ minHeight: 44 }}>
        {t('sampling.csv.choose')}
      </Button>
      {file ? (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('sampling.csv.chosen', { name: file.name })}
        </Typography>
      ) : null}
      {tooLarge ? <Alert severity="error" sx={{ mt: 2 }}>{t('sampling.csv.tooLarge')}</Alert> : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }} data-csv-error>
          {serverReason(t, error)}
          {fields.length > 0 ? (
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {fields.map(([field, key]) => (
                <li key={field}>{t('sampling.csv.fieldError', { field, message: translateMessage(t, key) })}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
