import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Cancel (back) and the submit button at the foot of a form. */
export function FormActions({ submitLabel, busy }: { submitLabel: string; busy: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider' }}>
      <Button onClick={() => void navigate(-1)} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={busy}>
        {submitLabel}
      </Button>
    </Box>
  );
}
