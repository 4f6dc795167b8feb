import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The heading of a screen with its actions (wrapping on phones). */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {/* On a line of their own when they do not fit beside the title; there they wrap (three buttons on a phone). */}
      {children ? <Box sx={{ display: 'flex', gap: 1, flexShrink: 1, minWidth: 0, flexWrap: 'wrap' }}>{children}</Box> : null}
    </Box>
  );
}

/** A titled block of a form or detail page. */
export function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ p: { xs: 2, sm: 3 }, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      {title ? (
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

/** Fields in one column on phones, two on wider screens. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>{children}</Box>;
}

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

/** One read-only value of a detail page (a dt/dd pair inside a <dl>). */
export function DetailField({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Box>
  );
}

/** A grid of DetailFields. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}>
      {children}
    </Box>
  );
}
