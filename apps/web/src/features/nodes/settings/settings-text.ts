import type { TFunction } from 'i18next';
import { formatLocale, formatNumber, minutesToClock, type TDaysEnabled, type TSettingUnit, WEEKDAYS } from '@aquasmart/domain';
import type { TShown } from './settings-view';

/** The local time zone's name for the note under period times ("Europe/Amsterdam"). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** How far local time is ahead of UTC now, in minutes: what period times are converted with. */
export function localOffsetMinutes(now = new Date()): number {
  return -now.getTimezoneOffset();
}

function daysText(t: TFunction, days: TDaysEnabled): string {
  const on = WEEKDAYS.filter((day) => days[day]);
  if (on.length === WEEKDAYS.length) return t('nodeSettings.everyDay');
  if (on.length === 0) return t('nodeSettings.noDays');
  return on.map((day) => t(`nodeSettings.weekdaysShort.${day}`)).join(', ');
}

/** A unit as the reader writes it: "uur" in Dutch, "h" in English; the others are the same symbols. */
export function unitText(t: TFunction, unit: TSettingUnit): string {
  return t(`nodeSettings.units.${unit}`, { defaultValue: unit });
}

/** A setting's value in words: "15 min", "6 uur", "55,0 °C", "Uit" (an alarm or flush temperature that is off), "Actueel", "06:00 tot 06:30 · 2 spoelingen · ma, di". */
export function shownText(t: TFunction, language: string, shown: TShown): string {
  switch (shown.kind) {
    case 'unknown':
      return t('nodeSettings.unknown');
    case 'onOff':
      return shown.on ? t('nodeSettings.on') : t('nodeSettings.off');
    case 'mode':
      return t(`nodeSettings.modes.${shown.mode}`, { defaultValue: shown.mode });
    case 'number': {
      const text = formatNumber(shown.value, formatLocale(language), { decimals: Math.min(shown.decimals, 1), maxDecimals: shown.decimals });
      return shown.unit ? `${text} ${unitText(t, shown.unit)}` : text;
    }
    case 'period': {
      const parts = [t('nodeSettings.periodText', { start: minutesToClock(shown.start), stop: minutesToClock(shown.stop) })];
      if (shown.flushCycles !== undefined) parts.push(t('nodeSettings.periodCycles', { count: shown.flushCycles }));
      if (shown.days) parts.push(daysText(t, shown.days));
      return parts.join(' · ');
    }
  }
}
