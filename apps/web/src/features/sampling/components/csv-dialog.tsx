import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { csvHeaderCells, LAB_CSV_REQUIRED, labCsvColumnOf, SAMPLING_CSV_MAX_BYTES, type TLabCsvColumn } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { isHttpError } from '../../../lib/http/http-error';
import { serverReason } from '../../../lib/http/failure-text';
import { translateMessage } from '../../../lib/i18n/i18n';

/** The lab file's headers and, per required field, the header chosen for it ('' none). */
interface TMappingState {
  headers: string[];
  chosen: Partial<Record<TLabCsvColumn, string>>;
}

/** The headers of the file, each required field set to the header that names it by itself. */
function initialMapping(text: string): TMappingState {
  const headers = csvHeaderCells(text);
  const chosen: Partial<Record<TLabCsvColumn, string>> = {};
  for (const field of LAB_CSV_REQUIRED) chosen[field] = headers.find((header) => labCsvColumnOf(header) === field) ?? '';
  return { headers, chosen };
}

/**
 * A CSV import (sample points or lab results; docs/sampling.md, "CSV files"): the file is read in
 * the browser and sent whole; a refused file shows the server's reason with its line and, per
 * column, what is wrong; nothing was imported then. A lab file's headers are offered per required
 * field ("Other layouts"): the ones the import knows are chosen already, the others the user links;
 * the choices go with the file as its mapping.
 */
export function CsvDialog({
  kind,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  kind: 'points' | 'results';
  busy: boolean;
  error: unknown;
  onSubmit: (csv: string, mapping?: Record<string, string>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [mapping, setMapping] = useState<TMappingState | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text === null) return;
    if (kind === 'points' || !mapping) {
      onSubmit(text);
      return;
    }
    const chosen = Object.entries(mapping.chosen).filter(([, header]) => header !== '');
    onSubmit(text, chosen.length > 0 ? Object.fromEntries(chosen) : undefined);
  };
  const fields = isHttpError(error) ? Object.entries(error.fields) : [];
  return (
    <FormDialog title={t(kind === 'points' ? 'sampling.csv.pointsTitle' : 'sampling.csv.resultsTitle')} submitLabel={t('sampling.csv.import')} busy={busy} onSubmit={submit} onClose={onClose} submitDisabled={!file || tooLarge || text === null}>
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
          const large = chosen !== null && chosen.size > SAMPLING_CSV_MAX_BYTES;
          setFile(chosen);
          setTooLarge(large);
          setText(null);
          setMapping(null);
          if (chosen && !large) {
            void chosen.text().then((read) => {
              setText(read);
              if (kind === 'results') setMapping(initialMapping(read));
            });
          }
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
      {mapping && mapping.headers.length > 0 ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
            {t('sampling.csv.mapping.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('sampling.csv.mapping.help')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            {LAB_CSV_REQUIRED.map((field) => (
              <TextField
                key={field}
                select
                size="small"
                label={t(`sampling.csv.mapping.fields.${field}`)}
                value={mapping.chosen[field] ?? ''}
                onChange={(event) => setMapping((current) => (current ? { ...current, chosen: { ...current.chosen, [field]: event.target.value } } : current))}
                helperText={(mapping.chosen[field] ?? '') === '' ? t('sampling.csv.mapping.notChosen') : ' '}
                fullWidth
              >
                <MenuItem value="">{t('sampling.csv.mapping.none')}</MenuItem>
                {mapping.headers.map((header) => (
                  <MenuItem key={header} value={header}>
                    {header}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
        </Box>
      ) : null}
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
