import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHECK_PERIOD_UNITS, type TCheckOverride, type TCheckPeriodUnit, type TLocationCheckPlans } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { translateMessage } from '../../../lib/i18n/i18n';
import { planOverrides, planRows, type TPlanRow } from '../outlet-form';

/**
 * The location's check plans (docs/outlets.md, "Check plans"): per check on or off and its own
 * period; an empty period is the rulebook's, named under the field.
 */
export function PlansDialog({ plans, busy, serverErrors, onSubmit, onClose }: { plans: TLocationCheckPlans; busy: boolean; serverErrors: Record<string, string>; onSubmit: (overrides: TCheckOverride[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<TPlanRow[]>(() => planRows(plans));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (index: number, patch: Partial<TPlanRow>) => setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { overrides, errors: found } = planOverrides(rows);
    setErrors(found);
    if (overrides) onSubmit(overrides);
  };
  // The server names a refused override by its place in the list (overrides.2.period.count).
  const serverError = (index: number) => Object.entries(serverErrors).find(([path]) => path === 'overrides' || path.startsWith(`overrides.${index}`))?.[1];
  return (
    <FormDialog title={t('outlets.plans.dialogTitle')} submitLabel={t('outlets.plans.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      {rows.map((row, index) => {
        const plan = plans.plans.find((one) => one.check === row.check);
        if (!plan) return null;
        const name = t(`outlets.checks.${row.check}`);
        const error = errors[row.check] ?? serverError(index);
        return (
          <Box key={row.check} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: index === 0 ? 0 : 2 }}>
            <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
              {name}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={row.on} onChange={(event) => change(index, { on: event.target.checked })} slotProps={{ input: { 'aria-label': t('outlets.plans.inUse', { check: name }) } }} />}
              label={t('outlets.plans.columns.on')}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                label={t('outlets.plans.ownPeriod')}
                value={row.count}
                onChange={(event) => change(index, { count: event.target.value })}
                disabled={!row.on}
                error={Boolean(error)}
                helperText={error ? translateMessage(t, error) : t('outlets.plans.ownPeriodHelp', { period: t(`outlets.plans.${plan.rulebookPeriod.unit}`, { count: plan.rulebookPeriod.count }) })}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
              <TextField select label={t('outlets.plans.unit')} value={row.unit} onChange={(event) => change(index, { unit: event.target.value as TCheckPeriodUnit })} disabled={!row.on} sx={{ width: '8.5rem' }}>
                {CHECK_PERIOD_UNITS.map((unit) => (
                  <MenuItem key={unit} value={unit}>
                    {t(`outlets.plans.units.${unit}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          </Box>
        );
      })}
    </FormDialog>
  );
}
