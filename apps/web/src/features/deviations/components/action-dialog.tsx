import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEVIATION_TEXT_MAX, ZDeviationActionBody, type TDeviation, type TDeviationActionBody } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { translateMessage } from '../../../lib/i18n/i18n';
import { instantOf, localInputValue } from '../../../lib/i18n/date-time-input';

export { instantOf, localInputValue } from '../../../lib/i18n/date-time-input';

/** The form's fields as the API takes them, and the fields' message keys when something is missing or wrong. */
export function actionBody(values: { cause: string; action: string; actedAt: string }): { body: TDeviationActionBody | null; errors: Record<string, string> } {
  const parsed = ZDeviationActionBody.safeParse({ cause: values.cause, action: values.action, actedAt: instantOf(values.actedAt) });
  if (parsed.success) return { body: parsed.data, errors: {} };
  return { body: null, errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
}

/**
 * Cause, corrective action and when it was taken (docs/logbook.md, "Deviations"); who is the
 * signed-in user. A correction of a handled deviation is a new action. The server's field errors
 * (an action in the future, before the deviation began) show under their fields.
 */
export function ActionDialog({
  deviation,
  what,
  who,
  busy,
  serverErrors,
  onSubmit,
  onClose,
}: {
  deviation: TDeviation;
  what: string;
  who: string;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (body: TDeviationActionBody) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ cause: '', action: '', actedAt: localInputValue(new Date()) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = actionBody(values);
    setErrors(found);
    if (body) onSubmit(body);
  };
  const message = (field: string) => (shown[field] ? translateMessage(t, shown[field]) : undefined);
  return (
    <FormDialog title={t('deviations.dialogTitle')} submitLabel={t('deviations.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <strong>{t('deviations.what')}:</strong> {what}
      </Typography>
      {deviation.state === 'handled' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('deviations.correctionHint')}
        </Typography>
      ) : null}
      {(['cause', 'action'] as const).map((field) => (
        <TextField
          key={field}
          label={t(`deviations.${field}`)}
          value={values[field]}
          onChange={set(field)}
          required
          multiline
          minRows={field === 'cause' ? 2 : 3}
          fullWidth
          autoFocus={field === 'cause'}
          error={Boolean(shown[field])}
          helperText={message(field)}
          slotProps={{ htmlInput: { maxLength: DEVIATION_TEXT_MAX } }}
          sx={{ mt: field === 'cause' ? 1 : 2 }}
        />
      ))}
      <TextField
        label={t('deviations.actedAt')}
        type="datetime-local"
        value={values.actedAt}
        onChange={set('actedAt')}
        required
        fullWidth
        error={Boolean(shown.actedAt)}
        helperText={message('actedAt') ?? t('deviations.actedAtHint')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mt: 2 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('deviations.who')}: {who}
      </Typography>
    </FormDialog>
  );
}
