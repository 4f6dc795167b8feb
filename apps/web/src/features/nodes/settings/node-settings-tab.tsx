import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLocale, isAdministrator, isDeviceType, type TDevice } from '@aquasmart/domain';
import { DetailField, DetailList, Section } from '../../../components/page';
import { useSnackbar } from '../../../components/snackbar';
import { failureText } from '../../../lib/http/failure-text';
import { NODES_QUERY_ROOT } from '../../../lib/api/nodes';
import { useCurrentUser } from '../../../lib/session/current-user';
import { ReplicateDialog } from './replicate-dialog';
import { postNodeParameters } from './settings-api';
import { localOffsetMinutes, localTimeZone, shownText } from './settings-text';
import { registerViews, syncStateOf, type TRegisterStatus, type TRegisterView } from './settings-view';

const STATUS_COLOR: Record<TRegisterStatus, 'success' | 'warning' | 'error'> = { saved: 'success', pending: 'warning', incorrect: 'error' };

function statusText(t: (key: string, options?: Record<string, unknown>) => string, language: string, view: TRegisterView): string {
  if (view.status !== 'pending') return t(`nodeSettings.status.${view.status}`);
  const time = formatDateTime(view.updatedAt, formatLocale(language));
  return t('nodeSettings.status.pending', { time });
}

/**
 * Sends a register the node reports differently again, with its saved values (the whole register):
 * it goes pending until the node reports it (docs/node-settings.md, "Screens").
 */
function ResendButton({ device, register }: { device: TDevice; register: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const saved = device.sipp.parameters.find((parameter) => parameter.register === register);
  if (!saved || typeof saved.value !== 'object' || saved.value === null) return null;
  const value = saved.value as Record<string, unknown>;
  async function resend() {
    setBusy(true);
    try {
      await postNodeParameters(device.eui, [{ register, value }]);
      await queryClient.invalidateQueries({ queryKey: NODES_QUERY_ROOT });
      snackbar.success('snackbar.settingsResent', { register });
    } catch (error) {
      snackbar.error(failureText(t, error, 'snackbar.settingsEditError', (key) => i18n.exists(key)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outlined" color="inherit" size="small" startIcon={<SendIcon />} disabled={busy} onClick={() => void resend()} aria-label={t('nodeSettings.resendLabel', { register })} sx={{ minHeight: 36, whiteSpace: 'nowrap' }}>
      {t('nodeSettings.resend')}
    </Button>
  );
}

function RegisterCard({ view, device }: { view: TRegisterView; device: TDevice }) {
  const { t, i18n } = useTranslation();
  const title = t('nodeSettings.registerTitle', { register: view.register, name: t(view.name) });
  return (
    <Box component="section" aria-label={title} data-testid={`register-${view.register}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography component="h3" variant="subtitle2" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        <Chip size="small" variant="outlined" color={STATUS_COLOR[view.status]} label={statusText(t, i18n.language, view)} data-testid={`register-${view.register}-status`} />
      </Box>
      {view.status === 'incorrect' ? (
        <Alert severity="error" role="none" sx={{ mb: 1.5 }} action={<ResendButton device={device} register={view.register} />}>
          {t('nodeSettings.status.incorrectHelp')}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        {view.groups.map((group, index) => (
          <Box key={index}>
            {group.title ? (
              <Typography component="h4" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
                {t(group.title.key, group.title.params)}
              </Typography>
            ) : null}
            {group.lines.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('nodeSettings.noPeriods')}
              </Typography>
            ) : (
              <DetailList>
                {group.lines.map((line) => (
                  <DetailField key={`${line.label}-${JSON.stringify(line.labelParams ?? {})}`} label={t(line.label, line.labelParams)}>
                    {shownText(t, i18n.language, line.shown)}
                    {line.reported ? (
                      <Box component="span" sx={{ display: 'block', color: 'error.main', fontSize: '0.875rem' }}>
                        {t('nodeSettings.reported', { value: shownText(t, i18n.language, line.reported) })}
                      </Box>
                    ) : null}
                  </DetailField>
                ))}
              </DetailList>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The #settings tab (settings right; docs/node-settings.md "Screens"): the sync state, then each
 * register in plain words with its status; administrators copy registers to other nodes.
 */
export function NodeSettingsTab({ device }: { device: TDevice }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const [replicating, setReplicating] = useState(false);
  const type = device.type;
  if (!isDeviceType(type)) {
    return <Alert severity="warning">{t('nodeSettings.editor.unsupported')}</Alert>;
  }
  const views = registerViews(type, device.sipp.parameters, localOffsetMinutes(), device.channels);
  const sync = syncStateOf(device.sync, type, device.sipp.parameters);
  const showsPeriods = views.some((view) => view.groups.some((group) => group.title?.key === 'nodeSettings.periods'));

  return (
    <Paper variant="outlined" data-testid="node-settings">
      <Section title={t('nodeSettings.title')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
          <Typography data-testid="node-sync">
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t('nodeSettings.sync')} ({device.sync}):
            </Box>{' '}
            {t(`nodeSettings.syncStates.${sync.state}`, { registers: sync.incorrect.join(', ') })}
          </Typography>
          {isAdministrator(user) && views.length > 0 ? (
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => setReplicating(true)}>
              {t('nodeSettings.replicate.open')}
            </Button>
          ) : null}
        </Box>
        {showsPeriods ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('nodeSettings.localTime', { zone: localTimeZone() })}
          </Typography>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {views.map((view) => (
            <RegisterCard key={view.register} view={view} device={device} />
          ))}
        </Box>
      </Section>
      {replicating ? <ReplicateDialog device={device} onClose={() => setReplicating(false)} /> : null}
    </Paper>
  );
}
