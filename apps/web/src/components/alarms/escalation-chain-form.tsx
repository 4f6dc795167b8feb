import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormProvider, useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ALARM_CHANNELS, CHANNEL_MESSAGE, MAX_STAGES, MESSAGE, type TAlarmChannel, type TEscalationStage } from '@aquasmart/domain';
import { FormMultiSelect } from '../form/form-multi-select';
import { FormSwitch } from '../form/form-switch';
import { FormTextField } from '../form/form-text-field';
import { applyServerErrors } from '../form/server-errors';
import { useZodForm } from '../form/use-zod-form';
import { Section } from '../page';
import { useSnackbar } from '../snackbar';

/**
 * The escalation chain's editor (docs/escalation.md), for a customer and for a location: up to
 * five stages, each after its minutes, to its users, by chosen channels or each user's own, and
 * whether it reaches through quiet hours. The feature gives the stages and saves them.
 */
const ZChainForm = z
  .object({
    stages: z.array(
      z.object({
        minutes: z.string().regex(/^\d+$/, { error: CHANNEL_MESSAGE.stageMinutes }).refine((text) => Number(text) <= 10080, { error: CHANNEL_MESSAGE.stageMinutes }),
        users: z.array(z.string()).min(1, { error: MESSAGE.required }),
        channels: z.array(z.enum(ALARM_CHANNELS)),
        duringQuietHours: z.boolean(),
      }),
    ),
  })
  .superRefine((values, ctx) => {
    values.stages.forEach((stage, index) => {
      if (index > 0 && Number(stage.minutes) <= Number(values.stages[index - 1].minutes)) {
        ctx.addIssue({ code: 'custom', path: ['stages', index, 'minutes'], message: CHANNEL_MESSAGE.stageOrder });
      }
    });
  });
type TChainFormValues = z.input<typeof ZChainForm>;

const toForm = (stages: readonly TEscalationStage[]): TChainFormValues => ({
  stages: stages.map((stage) => ({ minutes: String(stage.minutes), users: [...stage.users], channels: [...(stage.channels ?? [])], duringQuietHours: stage.duringQuietHours })),
});

function StageChannels({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TChainFormValues>();
  const { field } = useController({ control, name: `stages.${index}.channels` });
  const chosen = (field.value ?? []);
  const toggle = (channel: TAlarmChannel, on: boolean) => field.onChange(ALARM_CHANNELS.filter((entry) => (entry === channel ? on : chosen.includes(entry))));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ typography: 'body2' }}>
        {t('escalationChain.channels')}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {ALARM_CHANNELS.map((channel) => (
          <FormControlLabel
            key={channel}
            control={<Checkbox size="small" checked={chosen.includes(channel)} onChange={(event) => toggle(channel, event.target.checked)} />}
            label={<Typography variant="body2">{t(`alarmNotifications.channels.${channel}`)}</Typography>}
          />
        ))}
      </Box>
      {chosen.length === 0 ? (
        <Typography variant="caption" color="text.secondary">
          {t('escalationChain.ownChannels')}
        </Typography>
      ) : null}
    </FormControl>
  );
}

export interface TEscalationChainFormProps {
  stages: readonly TEscalationStage[] | undefined;
  /** Users who may be in a stage (by e-mail); users already chosen stay offered. */
  candidates: readonly string[];
  candidatesLoading?: boolean;
  /** Whether the caller may list users (userManagement); else the users already set stay. */
  mayListUsers: boolean;
  help: string;
  onSave: (stages: TEscalationStage[]) => Promise<readonly TEscalationStage[]>;
}

export function EscalationChainForm({ stages, candidates, candidatesLoading, mayListUsers, help, onSave }: TEscalationChainFormProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const form = useZodForm(ZChainForm, { defaultValues: { stages: [] } });
  const { reset, control } = form;
  const list = useFieldArray({ control, name: 'stages' });
  useEffect(() => {
    if (stages) reset(toForm(stages));
  }, [stages, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await onSave(
        values.stages.map((stage) => ({ minutes: Number(stage.minutes), users: stage.users, channels: stage.channels.length ? stage.channels : null, duringQuietHours: stage.duringQuietHours })),
      );
      reset(toForm(saved));
      snackbar.success('escalationChain.saved');
    } catch (error) {
      snackbar.error('escalationChain.saveError');
      applyServerErrors(
        error,
        form.setError,
        values.stages.flatMap((_, index) => [`stages.${index}.minutes`, ...values.stages[index].users.map((__, user) => `stages.${index}.users.${user}`)]),
      );
    }
  });

  const chosenUsers = form.watch('stages').flatMap((stage) => stage.users);
  const options = [...new Set([...candidates, ...chosenUsers])];
  const nextMinutes = () => {
    const last = form.getValues('stages').at(-1);
    return last ? String(Number(last.minutes) + 15) : '0';
  };
  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={t('escalationChain.title')} sx={{ mt: 3 }}>
        <Section title={t('escalationChain.title')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {help}
          </Typography>
          {list.fields.length === 0 ? <Typography variant="body2">{t('escalationChain.none')}</Typography> : null}
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
            {list.fields.map((entry, index) => (
              <Box component="li" key={entry.id} aria-label={t('escalationChain.stage', { number: index + 1 })} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
                  <Typography component="h3" variant="subtitle2">
                    {t('escalationChain.stage', { number: index + 1 })}
                  </Typography>
                  <IconButton aria-label={t('escalationChain.removeStage', { number: index + 1 })} onClick={() => list.remove(index)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '160px 1fr' }, alignItems: 'start' }}>
                  <FormTextField<TChainFormValues> name={`stages.${index}.minutes`} label={t('escalationChain.minutes')} helperText={t('escalationChain.minutesHelp')} inputProps={{ inputMode: 'numeric' }} fullWidth />
                  <FormMultiSelect<TChainFormValues> name={`stages.${index}.users`} label={t('escalationChain.users')} options={options} loading={mayListUsers && candidatesLoading} disabled={!mayListUsers} />
                </Box>
                <Box sx={{ mt: 1.5, display: 'grid', gap: 1 }}>
                  <StageChannels index={index} />
                  <FormSwitch<TChainFormValues> name={`stages.${index}.duringQuietHours`} label={t('escalationChain.duringQuietHours')} />
                </Box>
              </Box>
            ))}
          </Box>
          <Button sx={{ mt: 2 }} startIcon={<AddIcon />} disabled={list.fields.length >= MAX_STAGES || !mayListUsers} onClick={() => list.append({ minutes: nextMinutes(), users: [], channels: [], duringQuietHours: false })}>
            {t('escalationChain.addStage')}
          </Button>
        </Section>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('escalationChain.save')}
          </Button>
        </Box>
      </Paper>
    </FormProvider>
  );
}
