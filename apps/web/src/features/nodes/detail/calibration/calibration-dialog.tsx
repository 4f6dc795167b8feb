import { useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  CALIBRATION_FRESHNESS_MS,
  CALIBRATION_MESSAGE,
  CALIBRATION_WINDOW_MINUTES,
  calibrationWindowLeftMs,
  minutesSecondsText,
  calibrationOffset,
  calibrationRefusal,
  checkReferenceInput,
  offsetRefusal,
  readingAgeMs,
  type TDevice,
} from '@aquasmart/domain';
import { isHttpError } from '../../../../lib/http/http-error';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { nodeQuery } from '../../../../lib/api/nodes';
import { useSnackbar } from '../../../../components/snackbar';
import { dateTimeText, numberText } from '../format';
import { postCalibration, showNode } from './calibration-api';
import { DecimalField } from './decimal-field';
import { DriftNotice } from './drift-notice';
import { FormDialog } from '../../../../components/form/form-dialog';
import { useStreamLive } from '../../../../lib/events/live-state';
import { ageText, channelReading, offsetText, readingRefusalText, refusalText, serverRefusalText, useNow } from './calibration-text';

/** The short reason beside the disabled Kalibreren button, per refusal of the reading. */
function blockedReasonText(t: TFunction, key: string | undefined): string | null {
  switch (key) {
    case undefined:
      return null;
    case CALIBRATION_MESSAGE.checkSensor:
      return t('calibration.blockedSensor');
    case CALIBRATION_MESSAGE.readingTooOld:
      return t('calibration.blockedTooOld', { minutes: CALIBRATION_WINDOW_MINUTES });
    default:
      return t('calibration.blockedNoReading');
  }
}

/** Below this much of the window left, the bar turns orange and says to hurry. */
const WINDOW_ENDING_MS = 30_000;

/**
 * The freshness window running down (docs/field-work.md, "Calibrate"): a bar and the time left, so
 * an engineer typing the reference sees the reading expire coming, not only after it did.
 */
function FreshnessWindow({ leftMs }: { leftMs: number }) {
  const { t } = useTranslation();
  const ending = leftMs <= WINDOW_ENDING_MS;
  const time = minutesSecondsText(leftMs);
  return (
    <Box data-testid="calibration-window">
      <LinearProgress
        variant="determinate"
        value={(leftMs / CALIBRATION_FRESHNESS_MS) * 100}
        color={ending ? 'warning' : 'success'}
        aria-label={t('calibration.window')}
        aria-valuetext={time}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: ending ? 600 : undefined }} data-testid="calibration-window-text">
        {t(ending ? 'calibration.windowEnding' : 'calibration.windowLeft', { time })}
      </Typography>
    </Box>
  );
}

/**
 * How often the open dialog asks for the node again while the live stream is not live; while it
 * is, its `nodes` events refresh the node when a reading arrives (app/live).
 */
const REFRESH_MS = 10_000;

export interface TCalibrationDialogProps {
  device: TDevice;
  channelId: string;
  onClose: () => void;
}

/**
 * Calibrating one temperature channel against a reference thermometer (docs/calibration.md):
 * the sensor's current reading and its age (counting up), the reference (required; a comma is a
 * decimal point), the offset it gives, and the domain's refusals in the server's words before
 * anything is sent. Full screen on a phone, where an engineer uses it in a plant room. Mounted
 * only while open, so each opening fetches the node afresh.
 */
export function CalibrationDialog({ device: initial, channelId, onClose }: TCalibrationDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const inputRef = useRef<HTMLInputElement>(null);
  const streamLive = useStreamLive();
  const node = useQuery({ ...nodeQuery(initial.eui), refetchOnMount: 'always', refetchInterval: streamLive ? false : REFRESH_MS, initialData: initial });
  const device = node.data;
  const channel = device.channels.find((candidate) => candidate.id === channelId);
  const now = useNow();
  const [text, setText] = useState('');
  /** The reference field's error, in words. */
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!channel) return null;

  const reading = channelReading(channel);
  const readingRefusal = readingRefusalText(t, language, channel, now);
  const blockedReason = blockedReasonText(t, calibrationRefusal(reading, now)?.key);
  const checked = checkReferenceInput(text);
  // No offset is previewed from a reading that cannot be calibrated (a broken sensor's -102,4 would give +114,4).
  const offset = 'value' in checked && reading.value !== null && !readingRefusal ? calibrationOffset(checked.value, reading.value) : null;
  const name = channel.name || channel.id;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !channel) return;
    setServerError(null);
    const result = checkReferenceInput(text);
    if ('error' in result) {
      setFieldError(translateMessage(t, result.error));
      inputRef.current?.focus();
      return;
    }
    // The same rules the server applies, judged now: nothing is sent that it would refuse.
    if (calibrationRefusal(reading, Date.now()) || reading.value === null) return;
    const measured = reading.value;
    const newOffset = calibrationOffset(result.value, measured);
    const tooLarge = offsetRefusal(newOffset);
    if (tooLarge) {
      setFieldError(refusalText(t, language, tooLarge.key, tooLarge.params));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await postCalibration(device.eui, channel.id, { calibrated: result.value, offset: newOffset, measured });
      showNode(queryClient, answer.device);
      snackbar.success(t(answer.key, { channel: name, offset: offsetText(language, answer.offset) }));
      onClose();
    } catch (error) {
      const reason = serverRefusalText(t, language, error, (key) => i18n.exists(key));
      setServerError(reason ?? t('snackbar.channelCalibError', { channel: name }));
      snackbar.error(reason ? `${t('snackbar.channelCalibError', { channel: name })}: ${reason}` : t('snackbar.channelCalibError', { channel: name }));
      // A newer reading came in: show it, the engineer checks the reference against it.
      if (isHttpError(error) && error.status === 409) void node.refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={t('calibration.title', { channel: name })}
      submitLabel={t('calibration.submit')}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      blockedReason={blockedReason}
    >
      <Stack spacing={2.5}>
        <DriftNotice channel={channel} spaced={false} />
        <Box>
          <Typography variant="body2" color="text.secondary" component="p">
            {t('calibration.reading')}
          </Typography>
          <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 500, lineHeight: 1.3 }} data-testid="calibration-reading">
            {reading.value === null ? t('calibration.noReading') : `${numberText(language, reading.value, 1)} °C`}
          </Typography>
          {reading.measuredAtMs !== null ? (
            <Typography variant="body2" data-testid="calibration-age">
              {t('calibration.age', { age: ageText(t, readingAgeMs(reading.measuredAtMs, now)), time: dateTimeText(language, reading.measuredAtMs) })}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {t('calibration.readingHint')}
            {channel.offset !== 0 && channel.value !== null
              ? ` ${t('calibration.shownWithOffset', { offset: offsetText(language, channel.offset), value: numberText(language, channel.value, 1) })}`
              : ''}
          </Typography>
          <Button
            size="small"
            startIcon={<RefreshIcon />}
            onClick={() => void node.refetch()}
            disabled={node.isFetching}
            sx={{ mt: 0.5, ml: -0.5 }}
          >
            {node.isFetching ? t('calibration.refreshing') : t('calibration.refresh')}
          </Button>
        </Box>

        {readingRefusal ? (
          <Alert severity="error" role="alert">
            {readingRefusal}
          </Alert>
        ) : reading.measuredAtMs !== null ? (
          <FreshnessWindow leftMs={calibrationWindowLeftMs(reading.measuredAtMs, now)} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('calibration.freshness', { minutes: CALIBRATION_WINDOW_MINUTES })}
          </Typography>
        )}

        <DecimalField
          inputRef={inputRef}
          label={t('calibration.reference')}
          value={text}
          onChange={(value) => {
            setText(value);
            setFieldError(null);
          }}
          error={fieldError}
          hint={t('calibration.referenceHint')}
          inputProps={{ 'data-testid': 'calibration-reference' }}
        />

        <Box aria-live="polite">
          <Typography variant="body2" color="text.secondary" component="p">
            {t('calibration.offset')}
          </Typography>
          <Typography component="p" sx={readingRefusal ? { fontSize: '1rem' } : { fontSize: '1.5rem', fontWeight: 500 }} data-testid="calibration-offset">
            {readingRefusal ? t('calibration.offsetBlocked') : offset === null ? t('calibration.offsetPending') : offsetText(language, offset)}
          </Typography>
        </Box>

        {serverError ? (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
