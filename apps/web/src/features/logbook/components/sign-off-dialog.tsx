import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOGBOOK_SIGN_OFF_STATEMENT, type TResponsiblePerson } from '@aquasmart/domain';
import { translateMessage } from '../../../lib/i18n/i18n';
import { responsibleQuery, type TLogbookLanguage, type TLogbookScope, type TSignOffInput } from '../api/logbook-api';

export interface TSignOffDialogProps {
  open: boolean;
  scope: TLogbookScope;
  /** "1 t/m 31 oktober 2026" */
  range: string;
  language: TLogbookLanguage;
  /** The reports of this period that count now: a new issue supersedes them and needs a reason. */
  supersedes: string[];
  busy: boolean;
  /** Field -> message key from the server's 400. */
  serverErrors: Record<string, string>;
  onSubmit: (input: TSignOffInput) => void;
  onClose: () => void;
}

function Person({ label, person, note }: { label: string; person: TResponsiblePerson | null; note?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
        {note ? ` (${note})` : ''}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {person ? [person.name, person.role, person.organisation, person.email, person.phone].filter(Boolean).join(' · ') : t('logbookScreen.signOff.nobody')}
      </Typography>
    </Box>
  );
}

/**
 * Issuing is a sign-off (docs/logbook.md, "Sign-off"): the dialog shows the statement in the
 * report's language, who is responsible for the place's logbook (the location's, else its
 * customer's), asks the signer's role and, for a period issued before, why the new report
 * supersedes the one that counts. The server checks the same (400 on the field).
 */
export function SignOffDialog({ open, scope, range, language, supersedes, busy, serverErrors, onSubmit, onClose }: TSignOffDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const responsible = useQuery({ ...responsibleQuery(scope), enabled: open });
  const [confirmed, setConfirmed] = useState(false);
  const [role, setRole] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const needsReason = supersedes.length > 0;
  const local: Record<string, string> = {};
  if (!confirmed) local.statement = 'validation.statementRequired';
  if (role.trim() === '') local.role = 'validation.required';
  if (needsReason && reason.trim() === '') local.reason = 'validation.supersedeReasonRequired';
  const errors = { ...(tried ? local : {}), ...serverErrors };
  const message = (field: string) => (errors[field] ? translateMessage(t, errors[field]) : undefined);
  const submit = () => {
    setTried(true);
    if (Object.keys(local).length > 0) return;
    onSubmit({ statement: true, role: role.trim(), ...(needsReason ? { reason: reason.trim() } : {}) });
  };
  const persons = responsible.data;
  const note = persons?.source === 'customer' && scope.location !== undefined ? t('logbookScreen.signOff.ofCustomer') : undefined;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('logbookScreen.signOff.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2">{t('logbookScreen.signOff.intro', { range })}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
          <Person label={t('logbookScreen.signOff.responsible')} person={persons?.responsible ?? null} note={note} />
          <Person label={t('logbookScreen.signOff.deputy')} person={persons?.deputy ?? null} note={note} />
        </Box>
        <Box component="figure" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography variant="subtitle2" component="figcaption">
            {t('logbookScreen.signOff.statement')}
          </Typography>
          <Typography variant="body2" component="blockquote" sx={{ m: 0, fontStyle: 'italic' }} data-testid="sign-off-statement" lang={language}>
            {LOGBOOK_SIGN_OFF_STATEMENT[language]}
          </Typography>
        </Box>
        <Box>
          <FormControlLabel
            label={t('logbookScreen.signOff.confirm')}
            control={
              <Checkbox
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': errors.statement ? 'sign-off-statement-error' : undefined, 'aria-invalid': Boolean(errors.statement) } }}
              />
            }
          />
          {errors.statement ? (
            <FormHelperText id="sign-off-statement-error" error sx={{ mt: -0.5, ml: 4 }}>
              {message('statement')}
            </FormHelperText>
          ) : null}
        </Box>
        <TextField
          label={t('logbookScreen.signOff.role')}
          value={role}
          onChange={(event) => setRole(event.target.value)}
          required
          fullWidth
          autoComplete="organization-title"
          error={Boolean(errors.role)}
          helperText={message('role') ?? t('logbookScreen.signOff.roleHelp')}
        />
        {needsReason ? (
          <TextField
            label={t('logbookScreen.signOff.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            error={Boolean(errors.reason)}
            helperText={message('reason') ?? t('logbookScreen.signOff.reasonHelp', { numbers: supersedes.join(', ') })}
          />
        ) : null}
        {errors.to ? <FormHelperText error>{message('to')}</FormHelperText> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} variant="contained" loading={busy}>
          {t('logbookScreen.signOff.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
