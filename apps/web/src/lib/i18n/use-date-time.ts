import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatLocale, formatNumber, formatTemperature, formatTime, formatVoltage, type TMoment, type TNumberOptions } from '@aquasmart/domain';

/**
 * The domain's one way to write numbers and moments (packages/domain/src/format), bound to the
 * app's language: `dateTime` always with the date; `timeOfDay` today's moments by their time
 * only (for narrow columns), other days with their date. Empty for no value.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = formatLocale(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(
    () => ({
      locale,
      number: (value: number | null | undefined, options?: TNumberOptions) => formatNumber(value, locale, options),
      temperature: (value: number | null | undefined, options?: { signed?: boolean }) => formatTemperature(value, locale, options),
      voltage: (value: number | null | undefined) => formatVoltage(value, locale),
      date: (moment: TMoment) => formatDate(moment, locale),
      dateTime: (moment: TMoment) => formatDateTime(moment, locale),
      timeOfDay: (moment: TMoment) => {
        const at = moment === null || moment === undefined || moment === '' ? null : new Date(moment);
        return at && at.toDateString() === new Date().toDateString() ? formatTime(at, locale) : formatDateTime(moment, locale);
      },
    }),
    [locale],
  );
}
