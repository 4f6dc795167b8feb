import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { calibrationRefusal, formatLocale, formatTemperature, type TCalibrationReading, type TDeviceChannel } from '@aquasmart/domain';
import { isHttpError } from '../../../../lib/http/http-error';
import { dateTimeText, numberText } from '../format';

/**
 * Texts and the clock of the calibration dialogs (docs/calibration.md): the reading's age, the
 * refusals of the domain rules and of the server in the same words, offsets with their sign.
 */

/** The channel's reading as the rules judge it: the raw value and its time in ms (the API gives whole seconds). */
export function channelReading(channel: TDeviceChannel): TCalibrationReading {
  return { channelId: channel.id, value: channel.rawValue, measuredAtMs: channel.ts === null ? null : channel.ts * 1000 };
}

/** The current time, renewed every `everyMs` while `running`: the age on screen counts up. */
export function useNow(everyMs = 1000, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, running]);
  return now;
}

/** "45 seconden" up to two minutes (the window), then whole minutes. */
export function ageText(t: TFunction, ageMs: number): string {
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  if (seconds < 120) return t('calibration.ageSeconds', { count: seconds });
  return t('calibration.ageMinutes', { count: Math.floor(seconds / 60) });
}

/** An offset with its sign, one decimal: "+0,5 °C", "-1,2 °C", "0,0 °C". */
export function offsetText(language: string, offset: number): string {
  return formatTemperature(offset, formatLocale(language), { signed: true });
}

/** A refusal (the domain's or the server's) in words; the time of the reading in the reader's format. */
export function refusalText(t: TFunction, language: string, key: string, params: Record<string, string | number> = {}): string {
  const shown: Record<string, string | number> = { ...params };
  if (typeof params.measuredAt === 'string') shown.measuredAt = dateTimeText(language, params.measuredAt);
  if (typeof params.measured === 'number') shown.measured = numberText(language, params.measured, 1);
  if (typeof params.offset === 'number') shown.offset = numberText(language, params.offset, 1);
  return t(key, shown);
}

/** The refusal of the reading now, in words, or null when it can be calibrated. */
export function readingRefusalText(t: TFunction, language: string, channel: TDeviceChannel, nowMs: number): string | null {
  const refusal = calibrationRefusal(channelReading(channel), nowMs);
  return refusal ? refusalText(t, language, refusal.key, refusal.params) : null;
}

/** The server's reason for a failed call in words, or null when it gave none this catalogue knows. */
export function serverRefusalText(t: TFunction, language: string, error: unknown, exists: (key: string) => boolean): string | null {
  if (!isHttpError(error) || !error.body?.key || !exists(error.body.key)) return null;
  return refusalText(t, language, error.body.key, error.body.params ?? {});
}
