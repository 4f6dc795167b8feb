import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DE_USES, parseLabNumber, RESAMPLE_WITHIN_DAYS_DEFAULT, ZSamplingPlanBody, type TSamplingPlan, type TSamplingPlanBody } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { translateMessage } from '../../../lib/i18n/i18n';

type TField = 'intervalMonths' | 'resampleWithinDays' | 'taps';
const asText = (value: number | null) => (value === null ? '' : String(value));

/** The form as the API takes it: an empty field is null (the rulebook's default). */
export function planBody(values: Record<TField, string> & { deUse: string }): { body: TSamplingPlanBody | null; errors: Record<string, string> } {
  const number = (text: string) => parseLabNumber(text);
  const parsed = ZSamplingPlanBody.safeParse({
    intervalMonths: number(values.intervalMonths),
    resampleWithinDays: number(values.resampleWithinDays),
    taps: number(values.taps),
    deUse: values.deUse === '' ? null : values.deUse,
  });
  if (parsed.success) return { body: parsed.data, errors: {} };
  return { body: null, errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
}

/** The location's own plan settings (docs/sampling.md, "Plan"); an empty field takes the rulebook's default, named under it. */
export function PlanDialog({ plan, defaultInterval, busy, serverErrors, onSubmit, onClose }: { plan: TSamplingPlan; defaultInterval: number | null; busy: boolean; serverErrors: Record<string, string>; onSubmit: (body: TSamplingPlanBody) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ intervalMonths: asText(plan.intervalMonths), resampleWithinDays: asText(plan.resampleWithinDays), taps: asText(plan.taps), deUse: plan.deUse ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = planBody(values);
    setErrors(found);
    if (body) onSubmit(body);
  };
  const field = (name: TField, label: string, hint?: string) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      fullWidth
      error={Boolean(shown[name])}
      helperText={shown[name] ? translateMessage(t, shown[name]) : hint}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ mt: 2 }}
    />
  );
  const noneText = t('sampling.plan.defaultNone');
  return (
    <FormDialog title={t('sampling.plan.dialogTitle')} submitLabel={t('sampling.point.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      {field('intervalMonths', t('sampling.plan.intervalLabel'), t('sampling.plan.defaultHint', { value: defaultInterval === null ? noneText : t('sampling.plan.intervalMonths', { count: defaultInterval }) }))}
      {field('resampleWithinDays', t('sampling.plan.resampleLabel'), t('sampling.plan.defaultHint', { value: t('sampling.plan.days', { count: RESAMPLE_WITHIN_DAYS_DEFAULT }) }))}
      {plan.rulebook === 'NL' ? field('taps', t('sampling.plan.taps')) : null}
      {plan.rulebook === 'DE' ? (
        <TextField select label={t('sampling.plan.deUse')} value={values.deUse} onChange={(event) => setValues((current) => ({ ...current, deUse: event.target.value }))} fullWidth sx={{ mt: 2 }}>
          <MenuItem value="">{t('sampling.plan.deUseDefault')}</MenuItem>
          {DE_USES.map((use) => (
            <MenuItem key={use} value={use}>
              {t(`sampling.plan.deUses.${use}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </FormDialog>
  );
}
