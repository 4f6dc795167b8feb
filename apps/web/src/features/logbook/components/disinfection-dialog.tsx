import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PLANNED_DISINFECTION_NOTE_MAX, plannedDisinfectionIssues, ZPlannedDisinfectionBody, type TPlannedDisinfectionBody } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { instantOf, localInputValue } from '../../../lib/i18n/date-time-input';
import { translateMessage } from '../../../lib/i18n/i18n';

type TValues = { from: string; to: string; note: string };

/** The form's fields as the API takes them, and the fields' message keys when something is missing or wrong (an end in the future too). */
export function disinfectionBody(values: TValues, now: Date): { body: TPlannedDisinfectionBody | null; errors: Record<string, string> } {
  const parsed = ZPlannedDisinfectionBody.safeParse({ from: instantOf(values.from), to: instantOf(values.to), note: values.note });
  if (!parsed.success) return { body: null, errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
  const errors = plannedDisinfectionIssues(parsed.data, now);
  return Object.keys(errors).length ? { body: null, errors } : { body: parsed.data, errors: {} };
}

/**
 * Records a thermal disinfection done at the location (docs/logbook.md, "Thermal disinfection"): start,
 * end (the browser's zone) and a note; who is the signed-in user. Full screen on a phone. Says that a
 * record is final; the server's field errors show under their fields.
 */
export function DisinfectionDialog({
  who,
  busy,
  serverErrors,
  onSubmit,
  onClose,
}: {
  who: string;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (body: TPlannedDisinfectionBody) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TValues>(() => {
    const now = new Date();
    now.setSeconds(0, 0);
    return { from: localInputValue(new Date(now.getTime() - 30 * 60_000)), to: localInputValue(now), note: '' };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const set = (field: keyof TValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = disinfectionBody(values, new Date());
    setErrors(found);
    if (body) onSubmit(body);
  };
  const message = (field: string) => (shown[field] ? translateMessage(t, shown[field]) : undefined);
  return (
    <FormDialog title={t('disinfections.dialogTitle')} submitLabel={t('disinfections.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      {(['from', 'to'] as const).map((field) => (
        <TextField
          key={field}
          label={t(`disinfections.${field}`)}
          type="datetime-local"
          value={values[field]}
          onChange={set(field)}
          required
          fullWidth
          autoFocus={field === 'from'}
          error={Boolean(shown[field])}
          helperText={message(field) ?? t(`disinfections.${field}Hint`)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: field === 'from' ? 1 : 2 }}
        />
      ))}
      <TextField
        label={t('disinfections.note')}
        value={values.note}
        onChange={set('note')}
        multiline
        minRows={3}
        fullWidth
        error={Boolean(shown.note)}
        helperText={message('note') ?? t('disinfections.noteHint')}
        slotProps={{ htmlInput: { maxLength: PLANNED_DISINFECTION_NOTE_MAX } }}
        sx={{ mt: 2 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('disinfections.who')}: {who}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('disinfections.final')}
      </Typography>
    </FormDialog>
  );
}
