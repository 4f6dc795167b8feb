import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { COUNT_UNITS, SAMPLE_COUNTS_MAX, SAMPLE_NAME_MAX, SAMPLE_REPORT_MAX_BYTES, SAMPLE_TEXT_MAX, type TCountUnit, type TSamplePoint, type TSampleResultBody } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { translateMessage } from '../../../lib/i18n/i18n';
import { readDataUrl } from './read-data-url';
import { emptyCount, emptyResult, resultBody, type TCountValues, type TResultValues } from './result-form';

/**
 * "Resultaat invoeren" (docs/sampling.md, "Screens"): the lab's figures for one sampling, full screen
 * on a phone (FormDialog). One or more counts (species / serogroup), each a count or "not detected"
 * with its detection limit, in the unit the lab reported. The server's field errors show under their
 * fields.
 */
export function ResultDialog({
  points,
  pointId,
  unit,
  busy,
  serverErrors,
  onSubmit,
  onClose,
}: {
  points: readonly TSamplePoint[];
  pointId: number | null;
  unit: TCountUnit;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (body: TSampleResultBody) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TResultValues>(() => emptyResult(unit, pointId ?? (points.length === 1 ? points[0].id : null), new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const message = (field: string) => (shown[field] ? translateMessage(t, shown[field]) : undefined);
  const set = (field: Exclude<keyof TResultValues, 'counts'>) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };
  const setCount = (index: number, patch: Partial<TCountValues>) => {
    setValues((current) => ({ ...current, counts: current.counts.map((line, at) => (at === index ? { ...line, ...patch } : line)) }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`counts.${index}.`))));
  };
  const [report, setReport] = useState<File | null>(null);
  const reportInput = useId();
  const reportTooLarge = report !== null && report.size > SAMPLE_REPORT_MAX_BYTES;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = resultBody(values);
    setErrors(found);
    if (!body || reportTooLarge) return;
    if (!report) onSubmit(body);
    else void readDataUrl(report).then((data) => onSubmit({ ...body, report: { name: report.name, data } }));
  };
  const text = (field: 'sampleId' | 'lab' | 'accreditation' | 'method', required: boolean, help?: string) => (
    <TextField
      label={t(`sampling.result.${field}`)}
      value={values[field]}
      onChange={set(field)}
      required={required}
      fullWidth
      error={Boolean(shown[field])}
      helperText={message(field) ?? help}
      slotProps={{ htmlInput: { maxLength: field === 'sampleId' ? SAMPLE_NAME_MAX : SAMPLE_TEXT_MAX } }}
      sx={{ mt: 2 }}
    />
  );
  return (
    <FormDialog title={t('sampling.result.title')} submitLabel={t('sampling.result.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      <TextField select label={t('sampling.result.point')} value={values.samplePointId} onChange={set('samplePointId')} required fullWidth error={Boolean(shown.samplePointId)} helperText={message('samplePointId')} sx={{ mt: 1 }}>
        {points.map((point) => (
          <MenuItem key={point.id} value={String(point.id)}>
            {point.name}
          </MenuItem>
        ))}
      </TextField>
      {text('sampleId', true)}
      <TextField
        label={t('sampling.result.takenAt')}
        type="datetime-local"
        value={values.takenAt}
        onChange={set('takenAt')}
        required
        fullWidth
        error={Boolean(shown.takenAt)}
        helperText={message('takenAt') ?? t('sampling.result.takenAtHint')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mt: 2 }}
      />
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, fontWeight: 600 }}>
        {t('sampling.result.countsTitle')}
      </Typography>
      {values.counts.map((line, index) => (
        <Box key={index} role="group" aria-label={t('sampling.result.countRow', { n: index + 1 })} sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            <TextField label={t('sampling.result.species')} value={line.species} onChange={(event) => setCount(index, { species: event.target.value })} size="small" error={Boolean(shown[`counts.${index}.species`])} helperText={message(`counts.${index}.species`)} slotProps={{ htmlInput: { maxLength: SAMPLE_NAME_MAX } }} />
            <TextField label={t('sampling.result.serogroup')} value={line.serogroup} onChange={(event) => setCount(index, { serogroup: event.target.value })} size="small" slotProps={{ htmlInput: { maxLength: SAMPLE_NAME_MAX } }} />
            <TextField
              label={t('sampling.result.count')}
              value={line.notDetected ? '' : line.count}
              onChange={(event) => setCount(index, { count: event.target.value })}
              disabled={line.notDetected}
              required={!line.notDetected}
              size="small"
              error={Boolean(shown[`counts.${index}.count`])}
              helperText={message(`counts.${index}.count`)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField select label={t('sampling.result.unit')} value={line.unit} onChange={(event) => setCount(index, { unit: event.target.value as TCountUnit })} size="small">
              {COUNT_UNITS.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Checkbox checked={line.notDetected} onChange={(event) => setCount(index, { notDetected: event.target.checked })} />} label={t('sampling.result.notDetected')} />
            <TextField
              label={t('sampling.result.detectionLimit')}
              value={line.detectionLimit}
              onChange={(event) => setCount(index, { detectionLimit: event.target.value })}
              size="small"
              error={Boolean(shown[`counts.${index}.detectionLimit`])}
              helperText={message(`counts.${index}.detectionLimit`)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
          {values.counts.length > 1 ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <IconButton aria-label={t('sampling.result.removeCount', { n: index + 1 })} onClick={() => setValues((current) => ({ ...current, counts: current.counts.filter((_, at) => at !== index) }))}>
                <DeleteIcon />
              </IconButton>
            </Box>
          ) : null}
        </Box>
      ))}
      {values.counts.length < SAMPLE_COUNTS_MAX ? (
        <Button startIcon={<AddIcon />} onClick={() => setValues((current) => ({ ...current, counts: [...current.counts, emptyCount(current.counts.at(-1)?.unit ?? unit)] }))} sx={{ mt: 1 }}>
          {t('sampling.result.addCount')}
        </Button>
      ) : null}
      {text('lab', true)}
      {text('accreditation', false, t('sampling.result.accreditationHelp'))}
      {text('method', false)}
      <TextField
        label={t('sampling.result.waterCelsius')}
        value={values.waterCelsius}
        onChange={set('waterCelsius')}
        fullWidth
        error={Boolean(shown.waterCelsius)}
        helperText={message('waterCelsius')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ mt: 2 }}
      />
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, fontWeight: 600 }}>
        {t('sampling.result.report')}
      </Typography>
      <input
        id={reportInput}
        type="file"
        accept=".pdf,application/pdf"
        style={{ display: 'none' }}
        onChange={(event) => {
          setReport(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        <Button component="label" htmlFor={reportInput} variant="outlined" startIcon={<AttachFileIcon />} sx={{ minHeight: 44 }}>
          {t('sampling.result.reportChoose')}
        </Button>
        {report ? (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('sampling.result.reportChosen', { name: report.name })}
            </Typography>
            <Button onClick={() => setReport(null)} sx={{ minHeight: 44 }}>
              {t('sampling.result.reportRemove')}
            </Button>
          </>
        ) : null}
      </Box>
      <Typography variant="body2" color={reportTooLarge || shown['report.data'] ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }} role={reportTooLarge || shown['report.data'] ? 'alert' : undefined}>
        {reportTooLarge ? t('sampling.report.tooLarge') : (message('report.data') ?? t('sampling.result.reportHelp'))}
      </Typography>
    </FormDialog>
  );
}
