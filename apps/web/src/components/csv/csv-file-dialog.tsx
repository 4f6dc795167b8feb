import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../form/form-dialog';
import { isHttpError } from '../../lib/http/http-error';
import { serverReason } from '../../lib/http/failure-text';
import { translateMessage } from '../../lib/i18n/i18n';

/**
 * A CSV import dialog (sample points, lab results, outlets): the file is read in the browser and
 * sent whole; a refused file shows the server's reason (`errors.csvRow` with its line) and, per
 * column, what is wrong; nothing was imported then. The texts are the feature's, under
 * `textPrefix` (`file`, `choose`, `chosen`, `allOrNothing`, `fieldError`, `import`, `tooLarge`).
 * `onText` hands the file's text to the caller as soon as it is read (the lab file's column
 * mapping, shown as `children`).
 */
export function CsvFileDialog({
  title,
  help,
  textPrefix,
  maxBytes,
  busy,
  error,
  onSubmit,
  onClose,
  onText,
  children,
}: {
  title: string;
  help: string;
  textPrefix: string;
  maxBytes: number;
  busy: boolean;
  error: unknown;
  onSubmit: (csv: string) => void;
  onClose: () => void;
  onText?: (text: string | null) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text !== null) onSubmit(text);
  };
  const fields = isHttpError(error) ? Object.entries(error.fields) : [];
  return (
    <FormDialog title={title} submitLabel={t(`${textPrefix}.import`)} busy={busy} onSubmit={submit} onClose={onClose} submitDisabled={!file || tooLarge || text === null}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {help}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`${textPrefix}.allOrNothing`)}
      </Typography>
      <input
        id={inputId}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        aria-label={t(`${textPrefix}.file`)}
        style={{ display: 'none' }}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const large = chosen !== null && chosen.size > maxBytes;
          setFile(chosen);
          setTooLarge(large);
          setText(null);
          onText?.(null);
          if (chosen && !large) {
            void chosen.text().then((read) => {
              setText(read);
              onText?.(read);
            });
          }
        }}
      />
      <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />} sx={{ minHeight: 44 }}>
        {t(`${textPrefix}.choose`)}
      </Button>
      {file ? (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t(`${textPrefix}.chosen`, { name: file.name })}
        </Typography>
      ) : null}
      {tooLarge ? <Alert severity="error" sx={{ mt: 2 }}>{t(`${textPrefix}.tooLarge`)}</Alert> : null}
      {children}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }} data-csv-error>
          {serverReason(t, error)}
          {fields.length > 0 ? (
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {fields.map(([field, key]) => (
                <li key={field}>{t(`${textPrefix}.fieldError`, { field, message: translateMessage(t, key) })}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
