import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, type TCheckRecord, type TOutlet } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { QueryStatus } from '../../components/progress/query-status';
import { isHttpError } from '../../lib/http/http-error';
import { translateMessage } from '../../lib/i18n/i18n';
import { useFormat } from '../../lib/i18n/use-date-time';
import { useCrumbLabel } from '../../lib/routing/crumb-labels';
import { useCurrentUser } from '../../lib/session/current-user';
import { checkPlansQuery, OUTLET_CHECK_QUERY_ROOT, outletQuery } from './api/outlet-check-api';
import { checkBodyOf, checkFacts, mostUrgentCheck, type TCheckFormValues } from './check-form';
import { checkQueue, startCheckQueue, type TCheckEntry } from './check-queue';
import { OutletNotKeptError } from './kept-outlets';
import { CheckOutcome, LimitText } from './check-outcome';
import { downscalePhoto } from './photo';
import { QueuedChecks } from './queued-checks';

/** Touch targets a thumb finds: 56 px high. */
const TOUCH = { minHeight: 56 };

type TFieldErrors = Partial<Record<'check' | 'celsius' | 'ranSeconds' | 'reason' | 'note' | 'photo', string>>;
type TSaved = { kind: 'sent'; check: TCheckRecord } | { kind: 'queued' };

/**
 * /outlets/{id} (docs/outlets.md, "The check at the outlet"): what an engineer sees after scanning
 * an outlet's label. The outlet, the checks due there, and one screen to record a check with one
 * hand on a phone: the check (the most urgent chosen), done or not possible, the reading with the
 * rulebook's limit and running time, a note and a photo; the save at the bottom. Without a
 * connection the check is kept on the device and sent later (check-queue.ts).
 */
export function OutletCheckPage() {
  const { t } = useTranslation();
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const outlet = useQuery({ ...outletQuery(id ?? 0), enabled: id !== null });
  const data = outlet.data?.outlet;
  useCrumbLabel(`/outlets/${raw}`, data?.name);
  useEffect(() => startCheckQueue(), []);
  if (id === null) return <Navigate to="/404" replace />;
  const notKept = outlet.error instanceof OutletNotKeptError;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <PageHeader
        title={data ? data.name : t('routes.outletCheck')}
        subtitle={data ? [data.room, data.floor, t('outletCheck.place', { customer: data.customer, location: data.location })].filter(Boolean).join(' · ') : undefined}
      />
      {notKept ? (
        // Never an empty page that reads as "nothing to do": the page says it cannot open here.
        <Alert severity="warning" role="alert" sx={{ mb: 2 }} data-testid="outlet-not-kept">
          <AlertTitle>{t('outletCheck.offlineNotKeptTitle')}</AlertTitle>
          {t('outletCheck.offlineNotKept')}
        </Alert>
      ) : (
        <QueryStatus query={outlet} errorText={isHttpError(outlet.error) ? translateMessage(t, outlet.error.key) : t('errors.internal')} gap={2} />
      )}
      {outlet.data?.keptAt ? <KeptNotice keptAt={outlet.data.keptAt} /> : null}
      {data ? <OutletCheck outlet={data} /> : null}
      <QueuedChecks />
    </Box>
  );
}

/** Shown over an outlet opened from what this device kept (kept-outlets.ts): since when, and that a check is still recorded. */
function KeptNotice({ keptAt }: { keptAt: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }} data-testid="outlet-kept">
      <AlertTitle>{t('outletCheck.offlineKeptTitle', { time: format.dateTime(keptAt) })}</AlertTitle>
      {t('outletCheck.offlineKept')}
    </Alert>
  );
}

function OutletCheck({ outlet }: { outlet: TOutlet }) {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const mayRecord = hasAnyRight(me, 'recordChecks');
  const [saved, setSaved] = useState<TSaved | null>(null);
  const [round, setRound] = useState(0);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {[t(`outlets.kinds.${outlet.kind}`), t(`outlets.waters.${outlet.water}`), outlet.sentinel !== 'none' ? t(`outlets.sentinels.${outlet.sentinel}`) : null, outlet.littleUsed ? t('outlets.littleUsed') : null]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {outlet.checks.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('outletCheck.noChecks')}
        </Alert>
      ) : saved ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          {saved.kind === 'sent' ? (
            <CheckOutcome check={saved.check} />
          ) : (
            <Alert severity="info" role="status" data-testid="check-queued">
              {t('outletCheck.queued')}
            </Alert>
          )}
          <Button
            variant="outlined"
            fullWidth
            sx={{ ...TOUCH, mt: 2 }}
            onClick={() => {
              setSaved(null);
              setRound((value) => value + 1);
            }}
          >
            {t('outletCheck.another')}
          </Button>
        </Paper>
      ) : mayRecord ? (
        <CheckForm key={round} outlet={outlet} onSaved={setSaved} />
      ) : (
        <DueList outlet={outlet} />
      )}
    </>
  );
}

/** The checks in force, for a reader who may not record. */
function DueList({ outlet }: { outlet: TOutlet }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('outletCheck.dueTitle')}
      </Typography>
      {outlet.checks.map((due) => (
        <Box key={due.check} sx={{ py: 1 }}>
          <Typography>{t(`outlets.checks.${due.check}`)}</Typography>
          <DueLine due={due} />
        </Box>
      ))}
    </Paper>
  );
}

function DueLine({ due }: { due: TOutlet['checks'][number] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const color = due.state === 'overdue' ? 'error' : due.state === 'due' ? 'warning' : 'default';
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
      <Chip size="small" color={color} label={t(`outlets.dueStates.${due.state}`)} />
      <Typography component="span" variant="body2" color="text.secondary">
        {t('outletCheck.nextDue', { date: format.date(`${due.nextDue}T12:00:00`) })}
        {' · '}
        {due.lastDone ? t('outletCheck.lastDone', { date: format.date(due.lastDone) }) : t('outletCheck.neverDone')}
      </Typography>
    </Box>
  );
}

function CheckForm({ outlet, onSaved }: { outlet: TOutlet; onSaved: (saved: TSaved) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const plans = useQuery(checkPlansQuery(outlet.customer, outlet.location));
  const [values, setValues] = useState<TCheckFormValues>(() => ({ check: mostUrgentCheck(outlet.checks), outcome: 'done', celsius: '', ranSeconds: '', reason: '', note: '' }));
  const facts = checkFacts(plans.data, outlet, values.check);
  const [photo, setPhoto] = useState<string | null>(null);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<TCheckFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof TFieldErrors];
      return next;
    });
  };
  // The rulebook's running time is what the engineer normally let it run: filled in once the plans are known.
  const seconds = facts.seconds;
  useEffect(() => {
    if (seconds !== null) setValues((current) => (current.ranSeconds === '' ? { ...current, ranSeconds: String(seconds) } : current));
  }, [seconds, values.check]);

  const submit = async () => {
    setFailure(null);
    const parsed = checkBodyOf(values, facts);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    const entryId = crypto.randomUUID();
    const entry: TCheckEntry = {
      customer: outlet.customer,
      location: outlet.location,
      outletName: outlet.name,
      check: parsed.body.check,
      body: { ...parsed.body, outletId: outlet.id, doneAt: new Date().toISOString(), ...(photo ? { photo } : {}) },
    };
    setBusy(true);
    try {
      const outcome = await checkQueue.submit(entryId, entry);
      if (outcome.sent) {
        void queryClient.invalidateQueries({ queryKey: OUTLET_CHECK_QUERY_ROOT });
        onSaved({ kind: 'sent', check: outcome.result });
      } else onSaved({ kind: 'queued' });
    } catch (error) {
      if (isHttpError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFailure(isHttpError(error) ? translateMessage(t, error.key) : t('errors.internal'));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: keyof TFieldErrors) => (errors[name] ? translateMessage(t, errors[name]) : null);
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label={t('outletCheck.save')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ mb: 2 }}
    >
      <Box sx={{ p: 2, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography id="outlet-check-check" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('outletCheck.dueTitle')}
          </Typography>
          <Box role="radiogroup" aria-labelledby="outlet-check-check" sx={{ display: 'grid', gap: 1 }}>
            {outlet.checks.map((due) => (
              <Choice key={due.check} selected={values.check === due.check} onSelect={() => {
                  if (due.check !== values.check) set({ check: due.check, celsius: '', ranSeconds: '' });
                }} testId={`check-${due.check}`}>
                <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {t(`outlets.checks.${due.check}`)}
                </Typography>
                <DueLine due={due} />
              </Choice>
            ))}
          </Box>
          {errors.check ? <FormHelperText error>{fieldError('check')}</FormHelperText> : null}
        </Box>

        <Box>
          <Typography id="outlet-check-outcome" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('outletCheck.outcome')}
          </Typography>
          <Box role="radiogroup" aria-labelledby="outlet-check-outcome" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
            {(['done', 'notPossible'] as const).map((outcome) => (
              <Choice key={outcome} selected={values.outcome === outcome} onSelect={() => set({ outcome })} testId={`outcome-${outcome}`} center>
                {t(`outletCheck.${outcome}`)}
              </Choice>
            ))}
          </Box>
        </Box>

        {values.outcome === 'notPossible' ? (
          <TextField
            label={t('outletCheck.reason')}
            value={values.reason}
            onChange={(event) => set({ reason: event.target.value })}
            required
            multiline
            minRows={2}
            error={Boolean(errors.reason)}
            helperText={fieldError('reason')}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'check-reason' } }}
          />
        ) : facts.reading ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" data-testid="check-norm">
              <LimitText limit={facts.limit} seconds={facts.seconds} />
            </Typography>
            <TextField
              label={t('outletCheck.celsius')}
              value={values.celsius}
              onChange={(event) => set({ celsius: event.target.value })}
              required
              error={Boolean(errors.celsius)}
              helperText={fieldError('celsius')}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off', enterKeyHint: 'next', 'data-testid': 'check-celsius' },
                // The digits large, the label's notch as for any field (a font size on the input's root would widen it).
                input: { sx: { '& .MuiInputBase-input': { fontSize: '1.75rem' } } },
              }}
            />
            <TextField
              label={t('outletCheck.ranSeconds')}
              value={values.ranSeconds}
              onChange={(event) => set({ ranSeconds: event.target.value })}
              error={Boolean(errors.ranSeconds)}
              helperText={fieldError('ranSeconds') ?? (facts.seconds !== null ? t('outletCheck.secondsHint', { seconds: facts.seconds }) : null)}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'off', enterKeyHint: 'done', 'data-testid': 'check-seconds' },
                input: { sx: { '& .MuiInputBase-input': { fontSize: '1.25rem' } } },
              }}
            />
          </Box>
        ) : null}

        <TextField
          label={t('outletCheck.note')}
          value={values.note}
          onChange={(event) => set({ note: event.target.value })}
          multiline
          minRows={1}
          error={Boolean(errors.note)}
          helperText={fieldError('note')}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'check-note' } }}
        />

        <PhotoField photo={photo} onChange={(next) => {
          setPhoto(next);
          setErrors((current) => ({ ...current, photo: undefined }));
        }} error={fieldError('photo')} />

        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
      </Box>
      {/* The save within the thumb's reach: at the foot of the screen while the form scrolls. */}
      <Box sx={{ position: 'sticky', bottom: 0, p: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', zIndex: 1 }}>
        <Button type="submit" variant="contained" fullWidth size="large" loading={busy} sx={{ ...TOUCH, fontSize: '1.05rem' }} data-testid="check-save">
          {t('outletCheck.save')}
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * One choice of a group (role radiogroup around it): a button as large as a thumb, filled when
 * chosen. Buttons rather than radio inputs: the whole row is the target, and no new chunk joins the
 * entry's list (the login page's budget).
 */
function Choice({ selected, onSelect, testId, center = false, children }: { selected: boolean; onSelect: () => void; testId: string; center?: boolean; children: React.ReactNode }) {
  return (
    <Button
      role="radio"
      aria-checked={selected}
      variant={selected && center ? 'contained' : 'outlined'}
      disableElevation
      onClick={onSelect}
      data-testid={testId}
      sx={[
        { ...TOUCH, justifyContent: center ? 'center' : 'flex-start', textAlign: center ? 'center' : 'left', textTransform: 'none', fontSize: '1rem', py: 1, px: 2, display: center ? undefined : 'block', color: center ? undefined : 'text.primary' },
        // A chosen row: a thick border and a tint, its texts kept dark (the due line's colours stay readable).
        selected && !center ? { borderWidth: 2, borderColor: 'primary.main', bgcolor: 'rgba(11, 110, 153, 0.1)', px: 'calc(16px - 1px)' } : {},
      ]}
    >
      {children}
    </Button>
  );
}

/** The camera's photo: taken with the back camera on a phone, made small at once (photo.ts), shown, or left out. */
function PhotoField({ photo, onChange, error }: { photo: string | null; onChange: (photo: string | null) => void; error: string | null }) {
  const { t } = useTranslation();
  const [unreadable, setUnreadable] = useState(false);
  const [reading, setReading] = useState(false);
  return (
    <Box>
      {photo ? <Box component="img" src={photo} alt={t('outletCheck.photoAlt')} sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1, mb: 1 }} /> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {/* A label around the file input (no button role: the input is the control, focused from the keyboard; the label shows its focus). */}
        <Button
          component="label"
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          loading={reading}
          sx={{ ...TOUCH, flex: '1 1 auto', '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {photo ? t('outletCheck.photoAgain') : t('outletCheck.photo')}
          <Box
            component="input"
            type="file"
            accept="image/*"
            capture="environment"
            data-testid="check-photo"
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setUnreadable(false);
              setReading(true);
              downscalePhoto(file)
                .then(onChange)
                .catch(() => setUnreadable(true))
                .finally(() => setReading(false));
            }}
            sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', opacity: 0 }}
          />
        </Button>
        {photo ? (
          <Button onClick={() => onChange(null)} sx={TOUCH}>
            {t('outletCheck.photoRemove')}
          </Button>
        ) : null}
      </Box>
      {unreadable || error ? <FormHelperText error>{error ?? t('outletCheck.photoUnreadable')}</FormHelperText> : null}
    </Box>
  );
}
