import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CommentIcon from '@mui/icons-material/Comment';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { ALARM_NOTE_MAX_LENGTH, legionellaResolutionIssues, SAMPLING_RULES, type TAlarmWithEvents, type TRulebookId } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { ALARMS_QUERY_ROOT, mayAcknowledge } from '../../../lib/api/alarms';
import { failureText } from '../../../lib/http/failure-text';
import { instantOf, localInputValue } from '../../../lib/i18n/date-time-input';
import { useCurrentUser } from '../../../lib/session/current-user';
import { alarmAssigneesQuery, alarmQuery, postAlarmStep, type TAlarmStep } from '../api/alarms-api';

type TDialog = 'assign' | 'comment' | 'resolve' | null;

/** The dashboard's query root: its lists show the alarm state (kept as a literal, features do not import each other). */
const DASHBOARD_QUERY_ROOT = ['dashboard'] as const;

/** A handling step with its snackbars; afterwards the alarm shows the answer and every alarm list, the badge and the dashboard lists are stale. */
function useAlarmStep(alarm: TAlarmWithEvents) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: TAlarmStep) => postAlarmStep(alarm.id, step),
    onSuccess: (updated, step) => {
      queryClient.setQueryData(alarmQuery(alarm.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_ROOT, predicate: (query) => query.queryKey[1] !== 'one' });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_ROOT, refetchType: 'none' });
      if (step.step === 'acknowledge') snackbar.success('snackbar.alarmAcknowledged');
      else if (step.step === 'assign') snackbar.success('snackbar.alarmAssigned', { name: updated.assignee?.name ?? '' });
      else if (step.step === 'comment') snackbar.success('snackbar.alarmCommented');
      else snackbar.success('snackbar.alarmResolved');
    },
    onError: (error) => snackbar.error(failureText(t, error, 'snackbar.alarmActionError', (key) => i18n.exists(key))),
  });
}

/** A note of a step: required for comment and resolve (the corrective action), optional otherwise. */
function NoteField({ label, value, onChange, error, helperText, autoFocus }: { label: string; value: string; onChange: (value: string) => void; error: boolean; helperText?: string; autoFocus?: boolean }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={3}
      fullWidth
      autoFocus={autoFocus}
      error={error}
      helperText={helperText}
      slotProps={{ htmlInput: { maxLength: ALARM_NOTE_MAX_LENGTH } }}
      sx={{ mt: 1 }}
    />
  );
}

function AssignDialog({ alarm, busy, onSubmit, onClose }: { alarm: TAlarmWithEvents; busy: boolean; onSubmit: (step: TAlarmStep) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const assignees = useQuery(alarmAssigneesQuery(alarm.id, true));
  const [assigneeId, setAssigneeId] = useState<string>(alarm.assignee ? String(alarm.assignee.id) : '');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!assigneeId) return;
    onSubmit({ step: 'assign', assigneeId: Number(assigneeId), note: note.trim() || undefined });
  };
  return (
    <FormDialog title={t('alarms.dialogs.assignTitle')} submitLabel={t('alarms.dialogs.confirmAssign')} busy={busy} onSubmit={submit} onClose={onClose} submitDisabled={!assigneeId}>
      {assignees.isError ? <Alert severity="error">{t('alarms.dialogs.assigneesLoadError')}</Alert> : null}
      <TextField
        select
        label={t('alarms.dialogs.assignee')}
        value={assigneeId}
        onChange={(event) => setAssigneeId(event.target.value)}
        fullWidth
        required
        disabled={assignees.isPending}
        sx={{ mt: 1 }}
      >
        {(assignees.data ?? []).map((person) => (
          <MenuItem key={person.id} value={String(person.id)}>
            {person.name}
            <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: 13 }}>
              {person.email}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <NoteField label={t('alarms.dialogs.optionalNote')} value={note} onChange={setNote} error={false} />
    </FormDialog>
  );
}

/**
 * The authority a legionella alarm must have told before it is resolved (docs/sampling.md, "Legal
 * steps"): the ILT or the Gesundheitsamt for an alarm that reached a report threshold, else null.
 * The same rule as the server's (`legionellaResolutionIssues`).
 */
export function authorityToTell(alarm: Pick<TAlarmWithEvents, 'kind' | 'details'>): string | null {
  if (alarm.kind !== 'legionella' || !legionellaResolutionIssues(alarm.details, undefined, new Date()).authorityToldAt) return null;
  const rulebook = alarm.details.rulebook as TRulebookId;
  return SAMPLING_RULES[rulebook].authority;
}

function NoteDialog({ kind, authority = null, busy, onSubmit, onClose }: { kind: 'comment' | 'resolve'; authority?: string | null; busy: boolean; onSubmit: (step: TAlarmStep) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [toldAt, setToldAt] = useState(authority ? localInputValue(new Date()) : '');
  const [tried, setTried] = useState(false);
  const missing = note.trim() === '';
  const toldMissing = authority !== null && toldAt === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing || toldMissing) return;
    onSubmit(authority ? { step: 'resolve', note: note.trim(), authorityToldAt: instantOf(toldAt) } : { step: kind, note: note.trim() });
  };
  const resolve = kind === 'resolve';
  return (
    <FormDialog
      title={t(resolve ? 'alarms.dialogs.resolveTitle' : 'alarms.dialogs.commentTitle')}
      submitLabel={t(resolve ? 'alarms.dialogs.confirmResolve' : 'alarms.dialogs.confirmComment')}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <NoteField
        label={t(resolve ? 'alarms.dialogs.resolution' : 'alarms.dialogs.note')}
        value={note}
        onChange={setNote}
        autoFocus
        error={tried && missing}
        helperText={tried && missing ? t('validation.required') : resolve ? t('alarms.dialogs.resolveHint') : undefined}
      />
      {resolve && authority ? (
        <TextField
          label={t('alarms.dialogs.authorityToldAt')}
          type="datetime-local"
          value={toldAt}
          onChange={(event) => setToldAt(event.target.value)}
          required
          fullWidth
          error={tried && toldMissing}
          helperText={tried && toldMissing ? t('validation.required') : t('alarms.dialogs.authorityToldAtHint', { authority })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 2 }}
        />
      ) : null}
    </FormDialog>
  );
}

/**
 * The signed-in user among the alarm's assignees (the server lists only users who may handle it;
 * the current user is known by e-mail, the list carries the id the assign step needs); null while
 * loading, when resolved, or when the user is not among them.
 */
function useMeAsAssignee(alarm: TAlarmWithEvents) {
  const me = useCurrentUser().data;
  const assignees = useQuery(alarmAssigneesQuery(alarm.id, alarm.mayHandle && alarm.state !== 'resolved' && me !== undefined));
  const email = me?.email.toLowerCase();
  return assignees.data?.find((person) => person.email.toLowerCase() === email) ?? null;
}

/**
 * The handling steps of an alarm (docs/alarms.md, "Handling"): acknowledge while it is new,
 * "Aan mij toewijzen" in one tap for a user who is not the assignee yet, assign (to a user who may
 * handle it) and resolve (with the corrective action, required) until it is
 * resolved, for a user who may handle it (`mayHandle`); comment at any time, for everyone who sees it.
 */
export function AlarmActions({ alarm }: { alarm: TAlarmWithEvents }) {
  const { t } = useTranslation();
  const step = useAlarmStep(alarm);
  const [dialog, setDialog] = useState<TDialog>(null);
  // Whoever sees the alarm may comment; the other steps need the kind's handling right (`mayHandle`).
  const mayStep = alarm.mayHandle && alarm.state !== 'resolved';
  const run = (value: TAlarmStep) => step.mutate(value, { onSuccess: () => setDialog(null) });
  const me = useMeAsAssignee(alarm);
  return (
    <Box role="group" aria-label={t('alarms.actions.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {alarm.mayHandle && mayAcknowledge(alarm.state) ? (
        <Button variant="contained" startIcon={<VisibilityIcon />} onClick={() => run({ step: 'acknowledge' })} disabled={step.isPending}>
          {t('alarms.actions.acknowledge')}
        </Button>
      ) : null}
      {mayStep && me && alarm.assignee?.id !== me.id ? (
        <Button variant="outlined" startIcon={<PersonAddAlt1Icon />} onClick={() => run({ step: 'assign', assigneeId: me.id })} disabled={step.isPending}>
          {t('alarms.actions.assignToMe')}
        </Button>
      ) : null}
      {mayStep ? (
        <Button variant="outlined" startIcon={<AssignmentIndIcon />} onClick={() => setDialog('assign')} disabled={step.isPending}>
          {t('alarms.actions.assign')}
        </Button>
      ) : null}
      {mayStep ? (
        <Button variant="outlined" color="success" startIcon={<CheckCircleIcon />} onClick={() => setDialog('resolve')} disabled={step.isPending}>
          {t('alarms.actions.resolve')}
        </Button>
      ) : null}
      <Button variant="outlined" startIcon={<CommentIcon />} onClick={() => setDialog('comment')} disabled={step.isPending}>
        {t('alarms.actions.comment')}
      </Button>
      {dialog === 'assign' ? <AssignDialog alarm={alarm} busy={step.isPending} onSubmit={run} onClose={() => setDialog(null)} /> : null}
      {dialog === 'comment' || dialog === 'resolve' ? <NoteDialog kind={dialog} authority={dialog === 'resolve' ? authorityToTell(alarm) : null} busy={step.isPending} onSubmit={run} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}
