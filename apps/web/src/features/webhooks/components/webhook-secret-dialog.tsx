import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';

/** A webhook's secret, shown this once (after adding, or "New secret"), with a copy button. */
export function WebhookSecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-secret-title" fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id="webhook-secret-title">{t('webhooks.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('webhooks.secretWarning')}</Alert>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: phone ? 'wrap' : 'nowrap' }}>
            <TextField
              label={url}
              value={secret}
              fullWidth
              multiline
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webhook-secret', style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ minHeight: 48, flexShrink: 0 }}>
              {copied ? t('webhooks.copied') : t('webhooks.copy')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('webhooks.secretUse')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 48 }}>
          {t('webhooks.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
