import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { NO_MAIL_SERVER, zEmail, type TMailOutboxItem } from '@aquasmart/domain';
import { FormTextField } from '../../components/form/form-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { PageHeader, Section } from '../../components/page';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { ListTable, type TListColumn } from '../../components/table/list-table';
import { useCurrentUser } from '../../lib/session/current-user';
import { fetchMailOutbox, MAIL_OUTBOX_QUERY_KEY, sendTestMail } from './api/alerts-api';
import { mailState, mailStateColour } from './mail-state';
import { useFormat } from '../../lib/i18n/use-date-time';

const ZTestMailForm = z.object({ to: zEmail() });
type TTestMailForm = z.input<typeof ZTestMailForm>;

const getRowId = (item: TMailOutboxItem) => item.id;

/** The server's last error; the one the portal writes itself (no mail server) in the reader's language. */
function errorText(t: TFunction, item: TMailOutboxItem): string | null {
  return item.lastError === NO_MAIL_SERVER ? t('alerts.noMailServer') : item.lastError;
}

/** The test e-mail: to the administrator's own address unless another is typed. */
function TestMailForm() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const form = useZodForm(ZTestMailForm, { values: { to: user?.email ?? '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const item = await sendTestMail({ to: values.to });
      // Without a mail server the server answers it as not sent at once: say so, not "queued".
      if (item.state === 'unsent') snackbar.error('snackbar.testMailNoServer');
      else snackbar.success('snackbar.testMailQueued');
      await queryClient.invalidateQueries({ queryKey: MAIL_OUTBOX_QUERY_KEY });
      // The sender takes it within a few seconds: show how it went without a manual refresh.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: MAIL_OUTBOX_QUERY_KEY }), 3000);
    } catch (error) {
      snackbar.error('snackbar.testMailError');
      applyServerErrors(error, form.setError, ['to']);
    }
  });
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('alerts.testTitle')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('alerts.testHelp')}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <Box sx={{ flex: 1, maxWidth: { sm: 420 } }}>
            <FormTextField<TTestMailForm> name="to" label={t('alerts.testTo')} type="email" required fullWidth autoComplete="email" />
          </Box>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} loading={form.formState.isSubmitting} sx={{ mt: { sm: 1 } }}>
            {t('alerts.testSend')}
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}

/**
 * /alerts/outbox (administrators; docs/alerts.md): every e-mail the portal sent or still has to
 * send, newest first, with its state, attempts and last error; and a test e-mail.
 */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const { dateTime, timeOfDay } = useFormat();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columns = useMemo<TListColumn<TMailOutboxItem>[]>(() => {
    const stateText = (item: TMailOutboxItem) => {
      const state = mailState(item);
      return t(state.key, { time: timeOfDay(state.at) });
    };
    const subjectText = (row: TMailOutboxItem) => (row.kind === 'test' ? `${row.subject} (${t('alerts.kinds.test')})` : row.subject);
    const createdAt: TListColumn<TMailOutboxItem> = { field: 'createdAt', headerName: t('alerts.createdAt'), width: 160, valueGetter: (_value, row) => dateTime(row.createdAt), sortValue: (row) => row.createdAt };
    const state: TListColumn<TMailOutboxItem> = {
      field: 'state',
      headerName: t('alerts.state'),
      width: phone ? 130 : 200,
      importance: 1,
      valueGetter: (_value, row) => stateText(row),
      sortValue: (row) => stateText(row),
      renderCell: (params) => (
        <Chip
          size="small"
          variant="outlined"
          color={mailStateColour(params.row)}
          label={stateText(params.row)}
          // On a phone the narrow column wraps the state onto two lines instead of cutting it ("Nieuwe pogin...").
          sx={phone ? { maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, lineHeight: 1.2 } } : undefined}
        />
      ),
    };
    const others: TListColumn<TMailOutboxItem>[] = [
      { field: 'attempts', headerName: t('alerts.attempts'), type: 'number', width: 90 },
      { field: 'lastError', headerName: t('alerts.lastError'), flex: 1, minWidth: 260, valueGetter: (_value, row) => errorText(t, row) },
    ];
    if (phone) {
      // A phone has room for one column and the state: who it went to and what about, not only when.
      const message: TListColumn<TMailOutboxItem> = {
        field: 'recipient',
        headerName: t('alerts.recipient'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => `${row.recipient} ${subjectText(row)}`,
        sortValue: (row) => row.recipient,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.recipient}
            </Box>
            <Box component="span" data-subject sx={{ fontSize: 12, color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {subjectText(row)}
            </Box>
          </Box>
        ),
      };
      return [message, state, createdAt, ...others];
    }
    return [
      createdAt,
      state,
      { field: 'recipient', headerName: t('alerts.recipient'), width: 200 },
      { field: 'subject', headerName: t('alerts.subject'), flex: 1, minWidth: 220, valueGetter: (_value, row) => subjectText(row) },
      ...others,
    ];
  }, [t, dateTime, timeOfDay, phone]);

  return (
    <>
      <PageHeader title={t('routes.mailOutbox')} />
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Section title={t('alerts.testTitle')}>
          <TestMailForm />
        </Section>
      </Paper>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('alerts.outboxTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('alerts.outboxHelp')}
      </Typography>
      <ListTable<TMailOutboxItem>
        label={t('alerts.outboxTitle')}
        columns={columns}
        getRowId={getRowId}
        source={{ mode: 'client', queryKey: MAIL_OUTBOX_QUERY_KEY, load: fetchMailOutbox }}
        defaultSort={{ field: 'createdAt', direction: 'desc' }}
        renderExpanded={(item) => (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {errorText(t, item) ?? t('alerts.alertCount', { count: item.alerts })}
          </Typography>
        )}
        storageKey="alerts.outbox"
        messages={{ loadError: 'snackbar.mailOutboxGetError' }}
      />
    </>
  );
}
