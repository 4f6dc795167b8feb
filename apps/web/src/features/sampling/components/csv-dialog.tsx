import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { csvHeaderCells, LAB_CSV_REQUIRED, labCsvColumnOf, SAMPLING_CSV_MAX_BYTES, type TLabCsvColumn } from '@aquasmart/domain';
import { CsvFileDialog } from '../../../components/csv/csv-file-dialog';

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
 * A sampling CSV import (sample points or lab results; docs/sampling.md, "CSV files") in the shared
 * CSV dialog (components/csv). A lab file's headers are offered per required field ("Other
 * layouts"): the ones the import knows are chosen already, the others the user links; the choices
 * go with the file as its mapping.
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
  const [mapping, setMapping] = useState<TMappingState | null>(null);
  const submit = (text: string) => {
    if (kind === 'points' || !mapping) {
      onSubmit(text);
      return;
    }
    const chosen = Object.entries(mapping.chosen).filter(([, header]) => header !== '');
    onSubmit(text, chosen.length > 0 ? Object.fromEntries(chosen) : undefined);
  };
  return (
    <CsvFileDialog
      title={t(kind === 'points' ? 'sampling.csv.pointsTitle' : 'sampling.csv.resultsTitle')}
      help={t(kind === 'points' ? 'sampling.csv.pointsHelp' : 'sampling.csv.resultsHelp')}
      textPrefix="sampling.csv"
      maxBytes={SAMPLING_CSV_MAX_BYTES}
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      onText={(text) => setMapping(text !== null && kind === 'results' ? initialMapping(text) : null)}
    >
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
    </CsvFileDialog>
  );
}
