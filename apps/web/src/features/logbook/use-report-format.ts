import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatLocale, formatNumber, formatTemperature, UNIT_SPACE, type TFormatLocale } from '@aquasmart/domain';

type TLimit = { kind: 'atLeast' | 'atMost' | 'below'; celsius: number };
type TStretch = { from: string; to: string | null; hours: number | null };

/**
 * How the preview writes the report's figures in the user's language (or the report's, `locale`:
 * German writes 26.11.2026 and a decimal comma): instants in the report's time zone (the
 * location's), local dates as they are, shares as percentages, hours with at most one decimal.
 */
export function useReportFormat(timeZone: string, reportLocale?: TFormatLocale) {
  const { t, i18n } = useTranslation();
  const locale = reportLocale ?? formatLocale(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const hours = (value: number | null | undefined) =>
      value === null || value === undefined ? '' : t('logbookScreen.report.hours', { value: formatNumber(value, locale, { maxDecimals: 1 }) });
    // With the UTC offset on the days the clock changes, as on the PDF (02:30 twice on 25 Oct 2026).
    const instant = (iso: string | null | undefined) => (iso ? formatDateTime(iso, locale, { timeZone, offsetOnClockChange: true }) : '');
    return {
      locale,
      temperature: (value: number | null | undefined) => formatTemperature(value, locale) || '—',
      number: (value: number | null | undefined, maxDecimals = 1) => formatNumber(value, locale, { maxDecimals }) || '—',
      /** A temperature without its unit, always one decimal (44,0 beside 62,4). */
      celsius: (value: number | null | undefined) => formatNumber(value, locale, { decimals: 1 }) || '—',
      percent: (share: number | null | undefined) => (share === null || share === undefined ? '—' : `${formatNumber(share * 100, locale, { maxDecimals: 1 })}${UNIT_SPACE}%`),
      hours,
      instant,
      /** A local date (YYYY-MM-DD) written the user's way, whatever the browser's zone. */
      localDate: (date: string) => formatDate(`${date}T12:00:00Z`, locale, { timeZone: 'UTC' }),
      range: (period: { from: string; to: string }) =>
        t('logbookScreen.period.range', {
          from: formatDate(`${period.from}T12:00:00Z`, locale, { timeZone: 'UTC' }),
          to: formatDate(`${period.to}T12:00:00Z`, locale, { timeZone: 'UTC' }),
        }),
      limit: (limit: TLimit | null) =>
        limit ? `${t(`logbookReport.limits.${limit.kind}`)} ${formatTemperature(limit.celsius, locale)}` : t('logbookReport.labels.noLimit'),
      stretch: (stretch: TStretch | null) =>
        stretch
          ? t('logbookScreen.report.stretch', {
              from: instant(stretch.from),
              to: stretch.to ? instant(stretch.to) : t('logbookReport.labels.ongoing'),
              hours: hours(stretch.hours),
            })
          : '—',
    };
  }, [t, locale, timeZone]);
}
export type TReportFormat = ReturnType<typeof useReportFormat>;
