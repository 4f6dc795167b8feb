import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TAlarm } from '@aquasmart/domain';
import { useFormat } from '../../../lib/i18n/use-date-time';

type TFormat = ReturnType<typeof useFormat>;

const numberOf = (details: Record<string, unknown>, key: string): number | null => {
  const value = details[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
const textOf = (details: Record<string, unknown>, key: string): string | null => {
  const value = details[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * What the alarm measured, from the details the intake stored when it opened (docs/alarms.md,
 * "Kinds"; apps/server/src/modules/telemetry/alarm-observations.ts): a temperature alarm's value,
 * limit, rule and since when; a faulty sensor's reading; a low battery's voltage and threshold; a
 * weak flush's temperatures; a water detection's resistance; an offline node's last message.
 * Null when the record holds none of it (kinds without a measurement, the demo's flush alarms).
 */
export function alarmMeasurement(t: TFunction, format: TFormat, alarm: Pick<TAlarm, 'kind' | 'details'>): string | null {
  const details = alarm.details;
  const number = (key: string) => numberOf(details, key);
  switch (alarm.kind) {
    case 'temperature': {
      const value = number('value');
      const limit = number('limit');
      if (value === null) return null;
      if (limit === null) return format.temperature(value);
      const limitKind = textOf(details, 'limitKind') ?? 'atLeast';
      const mode = textOf(details, 'mode');
      const since = textOf(details, 'since');
      return t('alarms.measurement.temperature', {
        value: format.temperature(value),
        rule: t(`alarms.measurement.limitKinds.${limitKind}`, { limit: format.temperature(limit) }),
        water: mode === 'WW' || mode === 'KW' ? ` (${t(`alarms.measurement.modes.${mode}`)})` : '',
        since: since ? t('alarms.measurement.since', { at: format.timeOfDay(since) }) : '',
      });
    }
    case 'faultySensor': {
      const value = number('value');
      return value === null ? null : t('alarms.measurement.faultySensor', { value: format.temperature(value) });
    }
    case 'lowBattery': {
      const voltage = number('voltage');
      const threshold = number('threshold');
      if (voltage === null) return null;
      return threshold === null ? format.voltage(voltage) : t('alarms.measurement.lowBattery', { voltage: format.voltage(voltage), threshold: format.voltage(threshold) });
    }
    case 'flushAlarm': {
      const before = number('before');
      const after = number('after');
      const minimum = number('minimumDeviation');
      if (before === null || after === null) return null;
      return t('alarms.measurement.flushAlarm', {
        before: format.temperature(before),
        after: format.temperature(after),
        difference: format.temperature(Math.abs(before - after)),
        minimum: minimum === null ? '' : t('alarms.measurement.flushMinimum', { minimum: format.temperature(minimum) }),
      });
    }
    case 'waterDetection': {
      const resistance = number('resistance');
      return resistance === null ? null : t('alarms.measurement.waterDetection', { resistance: format.number(resistance) });
    }
    case 'offline': {
      const last = textOf(details, 'lastMessageAt');
      return last ? t('alarms.measurement.offline', { at: format.dateTime(last) }) : null;
    }
    case 'legionella': {
      // The figures of the newest result at the sample point (docs/sampling.md, "Legal steps").
      const count = number('count');
      const unit = textOf(details, 'unit') ?? '';
      const perLitre = number('perLitre');
      const takenAt = textOf(details, 'takenAt');
      const resampleDue = textOf(details, 'resampleDue');
      const step = textOf(details, 'legalStep') ?? 'none';
      return t('alarms.measurement.legionella', {
        count: count === null ? t('alarms.measurement.legionellaNotDetected') : `${format.number(count, { grouping: true, maxDecimals: 1 })} ${unit}`,
        sampleId: textOf(details, 'sampleId') ?? '—',
        takenAt: takenAt ? format.dateTime(takenAt) : '—',
        perLitre: perLitre === null ? '—' : format.number(perLitre, { grouping: true, maxDecimals: 1 }),
        step: t(`alarms.measurement.legionellaSteps.${step}`),
        resample: resampleDue ? t('alarms.measurement.legionellaResample', { date: format.date(`${resampleDue}T12:00:00`) }) : '',
      });
    }
    case 'checkDeviation': {
      // The reading of the check at the outlet that missed the limit (docs/outlets.md, "Checks").
      const celsius = number('celsius');
      const check = textOf(details, 'check');
      if (celsius === null || check === null) return null;
      const ran = number('ranSeconds');
      const allowed = number('allowedSeconds');
      const limit = details.limit as { kind?: unknown; celsius?: unknown } | null | undefined;
      const rule =
        limit && typeof limit.celsius === 'number' && typeof limit.kind === 'string'
          ? t('alarms.measurement.checkLimit', { rule: t(`alarms.measurement.limitKinds.${limit.kind}`, { limit: format.temperature(limit.celsius) }) })
          : t('alarms.measurement.checkNoLimit');
      const doneAt = textOf(details, 'doneAt');
      return t('alarms.measurement.checkDeviation', {
        check: t(`outlets.checks.${check}`),
        celsius: format.temperature(celsius),
        ran: ran === null ? '' : t('alarms.measurement.checkRan', { seconds: ran, allowed: allowed ?? '—' }),
        limit: rule,
        verdict: t(`outlets.verdicts.${textOf(details, 'verdict') ?? 'outsideLimit'}`).toLowerCase(),
        doneAt: doneAt ? format.dateTime(doneAt) : '—',
      });
    }
    case 'checkOverdue': {
      // The checks past their date at the outlet (docs/outlets.md, "Overdue checks").
      const checks = Array.isArray(details.checks) ? (details.checks as unknown[]).filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
      if (checks.length === 0) return null;
      const day = (value: unknown) => (typeof value === 'string' && value !== '' ? format.date(`${value}T12:00:00`) : t('alarms.measurement.checkNever'));
      return t('alarms.measurement.checkOverdue', {
        checks: checks
          .map((item) => t('alarms.measurement.checkOverdueItem', { check: t(`outlets.checks.${String(item.check)}`), nextDue: day(item.nextDue), lastDone: day(item.lastDone) }))
          .join('; '),
      });
    }
    default:
      return null;
  }
}

/** The measurement line of the alarm page, or nothing. */
export function AlarmMeasurement({ alarm }: { alarm: Pick<TAlarm, 'kind' | 'details'> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const text = alarmMeasurement(t, format, alarm);
  if (!text) return null;
  return (
    <Box component="p" data-measurement sx={{ m: 0, mb: 2, fontSize: 15 }}>
      <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
        {t('alarms.measurement.label')}
      </Box>
      {text}
    </Box>
  );
}
