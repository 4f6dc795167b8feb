import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useTranslation } from 'react-i18next';
import { SAMPLE_REPORT_MAX_BYTES, type TSampleResult } from '@aquasmart/domain';
import { useSnackbar } from '../../../components/snackbar';
import { isHttpError } from '../../../lib/http/http-error';
import { saveFile } from '../../../lib/save-file';
import { attachSampleReport, fetchSampleReport } from '../api/sampling-api';
import { readDataUrl } from './read-data-url';

/**
 * The lab's PDF in a result's row (docs/sampling.md, "The lab's PDF"), beside "Bekijken": a PDF icon
 * that downloads it when the result has one; otherwise, for holders of enterSampleResults, a paper
 * clip that attaches one (at most 10 MB, checked as a PDF by the server). The server's field error
 * is shown as its message.
 */
export function ReportCell({ result, mayAttach, onAttached }: { result: TSampleResult; mayAttach: boolean; onAttached: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const inputId = useId();
  const download = useMutation({
    mutationFn: async (url: string) => {
      const file = await fetchSampleReport(url);
      saveFile(file.blob, file.fileName ?? result.report?.name ?? 'rapport.pdf');
    },
    onError: () => snackbar.error('sampling.report.downloadError'),
  });
  const attach = useMutation({
    mutationFn: async (file: File) => attachSampleReport(result.id, { name: file.name, data: await readDataUrl(file) }),
    onSuccess: () => {
      snackbar.success('sampling.report.attached');
      onAttached();
    },
    onError: (error) => {
      const field = isHttpError(error) ? Object.values(error.fields)[0] : undefined;
      if (isHttpError(error) && error.status === 413) snackbar.error('sampling.report.tooLarge');
      else snackbar.error(field ?? 'sampling.report.attachError');
    },
  });

  if (result.report) {
    const { url, name } = result.report;
    return (
      <Tooltip title={t('sampling.report.downloadOf', { name })}>
        <IconButton color="primary" onClick={() => download.mutate(url)} disabled={download.isPending} aria-label={t('sampling.report.downloadOf', { name })} sx={{ width: 40, height: 40 }}>
          <PictureAsPdfIcon />
        </IconButton>
      </Tooltip>
    );
  }
  if (!mayAttach) return null;
  return (
    <>
      <input
        id={inputId}
        type="file"
        accept=".pdf,application/pdf"
        style={{ display: 'none' }}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          if (chosen.size > SAMPLE_REPORT_MAX_BYTES) snackbar.error('sampling.report.tooLarge');
          else attach.mutate(chosen);
        }}
      />
      <Tooltip title={t('sampling.report.attachFor', { sampleId: result.sampleId })}>
        <IconButton component="label" htmlFor={inputId} disabled={attach.isPending} aria-label={t('sampling.report.attachFor', { sampleId: result.sampleId })} sx={{ width: 40, height: 40 }}>
          <AttachFileIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
