import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useTranslation } from 'react-i18next';
import type { TNetworkServer } from '@aquasmart/domain';
import { Section } from '../../../components/page';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { ConfirmDialog } from '../../../components/table/confirm-dialog';
import { failureText } from '../../../lib/http/failure-text';
import { integrationUrl, invalidateNetworkServerLists, networkServerQuery, regenerateSecret } from '../../../lib/api/network-servers';
import { CopyField } from './copy-field';

/**
 * What the network server's integration needs (docs/telemetry.md, "The integration secret"):
 * the intake URL of its kind, the secret and the Authorization header, each with a copy
 * button; and a new random secret after a confirmation that says the integration must follow.
 */
export function IntegrationPanel({ server }: { server: TNetworkServer }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const renew = async () => {
    setBusy(true);
    try {
      const saved = await regenerateSecret(server.name);
      queryClient.setQueryData(networkServerQuery(saved.name).queryKey, saved);
      invalidateNetworkServerLists(queryClient);
      snackbar.success('snackbar.networkServerSecret');
      setConfirming(false);
    } catch (error) {
      snackbar.error(failureText(t, error, 'snackbar.networkServerSecretError', (key) => i18n.exists(key)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Section title={t('networkServers.integrationTitle')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {server.kind === 'tts' ? t('networkServers.integrationHelpTts') : t('networkServers.integrationHelpChirpstack')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <CopyField label={t('networkServers.integrationUrl')} value={integrationUrl(server.kind, window.location.origin)} />
          <CopyField label={t('networkServers.secret')} value={server.secret} />
          <CopyField label={t('networkServers.authorizationHeader')} value={`Bearer ${server.secret}`} />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button variant="outlined" color="warning" startIcon={<AutorenewIcon />} onClick={() => setConfirming(true)}>
            {t('networkServers.newSecret')}
          </Button>
        </Box>
      </Section>
      <ConfirmDialog
        open={confirming}
        title={t('networkServers.newSecretTitle')}
        text={t('networkServers.newSecretText', { name: server.name })}
        confirmLabel={t('networkServers.newSecretConfirm')}
        busy={busy}
        onConfirm={() => void renew()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
