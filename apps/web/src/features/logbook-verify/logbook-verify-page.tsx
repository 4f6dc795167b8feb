import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatLocale, ZSha256, type TLogbookVerification } from '@aquasmart/domain';
import { DetailField, DetailList, PageHeader, Section } from '../../components/page';
import { failureReason } from '../../lib/http/failure-text';
import { verifyLogbookFile } from './logbook-verify-api';

/** Dates and times stay on one line (docs/screens.md, "Text that fits"). */
const NoWrap = ({ children }: { children: string }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

/**
 * /logbook/verify (docs/logbook.md, "Verifying a file"): a user chooses or drops an issued
 * logbook file (PDF, CSV or JSON) or pastes a SHA-256 and sees which issued report it is, among
 * those of the customers they may see; anything else is "not found", whatever it is.
 */
export function LogbookVerifyPage() {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.resolvedLanguage ?? i18n.language);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [hash, setHash] = useState('');
  const [hashError, setHashError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TLogbookVerification | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (what: { file: Blob } | { sha256: string }) => {
    setBusy(true);
    setProblem(null);
    setAnswer(null);
    try {
      setAnswer(await verifyLogbookFile(what));
    } catch (error) {
      setProblem(failureReason(t, error, (key) => i18n.exists(key)) ?? t('logbookVerify.failed'));
    } finally {
      setBusy(false);
    }
  };

  const takeFile = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    void run({ file });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    takeFile(event.dataTransfer.files[0]);
  };

  const onHash = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSha256.safeParse(hash);
    if (!parsed.success) {
      setHashError(t('validation.sha256'));
      return;
    }
    setHashError(null);
    setFileName(null);
    void run({ sha256: parsed.data });
  };

  const localDate = (date: string) => formatDate(`${date}T12:00:00Z`, locale, { timeZone: 'UTC' });
  const report = answer?.report ?? null;
  const supersession = answer?.supersession ?? null;

  return (
    <>
      <PageHeader title={t('routes.logbookVerify')} subtitle={t('logbookVerify.intro')} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <Paper variant="outlined">
          <Section title={t('logbookVerify.fileTitle')}>
            <Box
              data-testid="verify-drop"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                flexWrap: 'wrap',
                p: 2,
                border: 2,
                borderStyle: 'dashed',
                borderRadius: 1,
                borderColor: dragging ? 'primary.main' : 'divider',
                bgcolor: dragging ? 'action.hover' : undefined,
              }}
            >
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} loading={busy && fileName !== null}>
                {t('logbookVerify.chooseFile')}
              </Button>
              <Typography variant="body2" color="text.secondary">
                {t('logbookVerify.dropHint')}
              </Typography>
              <input
                ref={fileInput}
                type="file"
                accept=".pdf,.csv,.json,application/pdf,text/csv,application/json"
                hidden
                data-testid="verify-file"
                onChange={(event) => {
                  takeFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Box>
            {fileName ? (
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {t('logbookVerify.fileChosen', { name: fileName })}
              </Typography>
            ) : null}
          </Section>
          <Section title={t('logbookVerify.hashTitle')}>
            <Box component="form" noValidate onSubmit={onHash} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <TextField
                label={t('logbookVerify.hashLabel')}
                value={hash}
                onChange={(event) => {
                  setHash(event.target.value);
                  setHashError(null);
                }}
                error={hashError !== null}
                helperText={hashError ?? t('logbookVerify.hashHelp')}
                size="small"
                slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
                sx={{ flex: '1 1 16rem', minWidth: 0 }}
              />
              <Button type="submit" variant="contained" loading={busy && fileName === null}>
                {t('logbookVerify.check')}
              </Button>
            </Box>
          </Section>
        </Paper>
        <Paper variant="outlined" aria-live="polite" data-testid="verify-result" sx={answer || problem ? undefined : { display: 'none' }}>
          {problem ? (
            <Section title={t('logbookVerify.resultTitle')}>
              <Alert severity="error">{problem}</Alert>
            </Section>
          ) : null}
          {answer && !answer.known ? (
            <Section title={t('logbookVerify.resultTitle')}>
              <Alert severity="warning">{t('logbookVerify.unknown')}</Alert>
              <Typography variant="body2" sx={{ mt: 1.5, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {answer.sha256}
              </Typography>
            </Section>
          ) : null}
          {answer?.known && report ? (
            <Section title={t('logbookVerify.resultTitle')}>
              <Alert severity={supersession ? 'warning' : 'success'} sx={{ mb: 2 }}>
                {t('logbookVerify.known', { file: t(`logbookVerify.files.${answer.file ?? 'pdf'}`), number: report.number })}
                {supersession ? (
                  <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                    {t('logbookVerify.supersededBy', {
                      number: supersession.number,
                      at: formatDateTime(supersession.at, locale),
                      user: supersession.by,
                      reason: supersession.reason,
                    })}
                  </Box>
                ) : null}
              </Alert>
              <DetailList>
                <DetailField label={t('logbookVerify.fields.number')}>{report.number}</DetailField>
                <DetailField label={t('logbookVerify.fields.scope')}>{t(`logbookVerify.scopes.${report.scope}`)}</DetailField>
                <DetailField label={t('logbookVerify.fields.customer')}>{report.customer}</DetailField>
                <DetailField label={t('logbookVerify.fields.location')}>{report.location}</DetailField>
                <DetailField label={t('logbookVerify.fields.period')}>
                  <NoWrap>{localDate(report.from)}</NoWrap> – <NoWrap>{localDate(report.to)}</NoWrap>
                </DetailField>
                <DetailField label={t('logbookVerify.fields.verdict')}>{t(`logbookReport.verdicts.${report.verdict}`)}</DetailField>
                <DetailField label={t('logbookVerify.fields.issuedAt')} wide>
                  <NoWrap>{formatDateTime(report.issuedAt, locale)}</NoWrap>
                  {'\n'}
                  {report.issuedBy}
                </DetailField>
                <DetailField label={t('logbookVerify.fields.superseded')}>
                  {supersession ? supersession.number : t('logbookVerify.notSuperseded')}
                </DetailField>
                <DetailField label={t('logbookVerify.fields.signature')} wide>
                  {report.signature
                    ? report.signature.selfSigned
                      ? t('logbookVerify.selfSigned', { subject: report.signature.subject })
                      : report.signature.subject
                    : t('logbookVerify.unsigned')}
                </DetailField>
                <DetailField label={t('logbookVerify.fields.sha256')} wide>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {answer.sha256}
                  </Box>
                </DetailField>
              </DetailList>
            </Section>
          ) : null}
        </Paper>
      </Box>
    </>
  );
}
