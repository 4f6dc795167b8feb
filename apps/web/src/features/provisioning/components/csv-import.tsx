import { useRef, useState, type ChangeEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { TDeviceImportReport } from '@aquasmart/domain';
import { Section } from '../../../components/page';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { failureReason } from '../../../lib/http/failure-text';
import { networkServersQuery } from '../../../lib/api/network-servers';
import { importDevices } from '../api/provisioning-api';
import { csvExample } from '../import-report';
import { ImportReportTable } from './import-report-table';

/**
 * The CSV import: a file (read into the text box, where it can still be corrected) or pasted
 * text, sent as is; the server checks every row and the report shows each one.
 */
export function CsvImport() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const servers = useQuery(networkServersQuery);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<TDeviceImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setText(await file.text());
      setFileName(file.name);
      setProblem(null);
    } catch {
      setProblem(t('provisioning.readFailed'));
    }
  };

  const runImport = async () => {
    if (text.trim() === '') {
      setProblem(t('provisioning.emptyCsv'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await importDevices(text);
      setReport(answer);
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
      const params = { imported: answer.imported, refused: answer.refused };
      if (answer.imported > 0) snackbar.success('snackbar.devicesImport', params);
      else snackbar.error('snackbar.devicesImport', params);
    } catch (error) {
      const reason = failureReason(t, error, (key) => i18n.exists(key));
      setReport(null);
      setProblem(reason ?? t('snackbar.devicesImportError'));
      snackbar.error(reason ? `${t('snackbar.devicesImportError')}: ${reason}` : 'snackbar.devicesImportError');
    } finally {
      setBusy(false);
    }
  };

  const clear = () => {
    setText('');
    setFileName(null);
    setProblem(null);
    setReport(null);
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Paper variant="outlined">
        <Section title={t('provisioning.importTitle')}>
          <Typography variant="body2" color="text.secondary">
            {t('provisioning.importHelp')}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2, mb: 0.5 }}>
            {t('provisioning.example')}
          </Typography>
          <Box
            component="pre"
            aria-label={t('provisioning.example')}
            sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.8rem', overflowX: 'auto' }}
          >
            {csvExample(servers.data?.[0]?.name ?? 'ChirpStack')}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 2.5, mb: 2 }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()}>
              {t('provisioning.chooseFile')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              hidden
              data-testid="csv-file"
              onChange={(event) => void onFile(event)}
            />
            {fileName ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('provisioning.fileChosen', { name: fileName })}
              </Typography>
            ) : null}
          </Box>
          <TextField
            label={t('provisioning.csvText')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            multiline
            minRows={5}
            maxRows={16}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: '0.85rem' } } }}
          />
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
        </Section>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider' }}>
          <Button onClick={clear} disabled={busy}>
            {t('provisioning.clear')}
          </Button>
          <Button variant="contained" loading={busy} onClick={() => void runImport()}>
            {t('provisioning.import')}
          </Button>
        </Box>
      </Paper>
      {report ? <ImportReportTable report={report} /> : null}
    </Box>
  );
}
