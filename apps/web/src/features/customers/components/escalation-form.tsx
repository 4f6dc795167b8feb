import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { hasAnyRight, MESSAGE, NOTIFICATION_MESSAGE, zEmail, type TAlarmEscalation } from '@aquasmart/domain';
import { FormMultiSelect } from '../../../components/form/form-multi-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Section } from '../../../components/page';
import { useSnackbar } from '../../../components/snackbar';
import { useCurrentUser } from '../../../lib/session/current-user';
import { escalationQuery, fetchEscalationCandidates, patchEscalation } from '../escalation-api';

/** The form: minutes as typed, addresses one per line (each checked as an e-mail address), users by e-mail. */
const ZEscalationForm = z.object({
  minutes: z.string().regex(/^\d+$/, { error: NOTIFICATION_MESSAGE.escalationMinutes }).refine((text) => Number(text) >= 5 && Number(text) <= 10080, { error: NOTIFICATION_MESSAGE.escalationMinutes }),
  emails: z.string().superRefine((text, ctx) => {
    const bad = lines(text).find((line) => !zEmail().safeParse(line).success);
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: MESSAGE.email });
  }),
  users: z.array(z.string()),
});
type TEscalationFormValues = z.input<typeof ZEscalationForm>;

function lines(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const toForm = (escalation: TAlarmEscalation): TEscalationFormValues => ({ minutes: String(escalation.minutes), emails: escalation.emails.join('\n'), users: [...escalation.users] });

/**
 * The customer's alarm escalation on the customer form (docs/alarm-notifications.md,
 * "Escalation"): saved on its own (PATCH /customers/{c}/alarmEscalation). Users are offered to
 * user managers (who may list users); others keep the users already set.
 */
export function EscalationForm({ customer }: { customer: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const mayListUsers = hasAnyRight(me, 'userManagement');
  const loaded = useQuery(escalationQuery(customer));
  const candidates = useQuery({
    queryKey: ['users', 'escalation', customer],
    queryFn: ({ signal }) => fetchEscalationCandidates(customer, signal),
    enabled: mayListUsers,
  });
  const form = useZodForm(ZEscalationForm, { defaultValues: { minutes: '240', emails: '', users: [] } });
  const { reset } = form;
  useEffect(() => {
    if (loaded.data) reset(toForm(loaded.data));
  }, [loaded.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await patchEscalation(customer, { minutes: Number(values.minutes), emails: lines(values.emails), users: values.users });
      queryClient.setQueryData(escalationQuery(customer).queryKey, saved);
      reset(toForm(saved));
      snackbar.success('alarmNotifications.escalationSaved');
    } catch (error) {
      snackbar.error('alarmNotifications.escalationSaveError');
      applyServerErrors(error, form.setError, ['minutes', 'emails', 'users']);
    }
  });

  const users = form.watch('users');
  const options = [...new Set([...(candidates.data ?? []), ...users])];
  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={t('alarmNotifications.escalationTitle')} sx={{ mt: 3 }}>
        <Section title={t('alarmNotifications.escalationTitle')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('alarmNotifications.escalationHelp')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
            <FormTextField<TEscalationFormValues>
              name="minutes"
              label={t('alarmNotifications.escalationMinutes')}
              helperText={t('alarmNotifications.escalationMinutesHelp')}
              inputProps={{ inputMode: 'numeric' }}
              fullWidth
            />
            <FormTextField<TEscalationFormValues>
              name="emails"
              label={t('alarmNotifications.escalationEmails')}
              helperText={t('alarmNotifications.escalationEmailsHelp')}
              multiline
              minRows={2}
              fullWidth
              trim={false}
            />
          </Box>
          <Box sx={{ mt: 2 }}>
            <FormMultiSelect<TEscalationFormValues> name="users" label={t('alarmNotifications.escalationUsers')} options={options} loading={mayListUsers && candidates.isPending} disabled={!mayListUsers} />
          </Box>
        </Section>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('alarmNotifications.escalationSave')}
          </Button>
        </Box>
      </Paper>
    </FormProvider>
  );
}
