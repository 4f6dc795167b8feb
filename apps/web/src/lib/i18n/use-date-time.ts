import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Short date-time formatting in the app's language for lists of moments (intake errors, the
 * e-mail outbox): `dateTime` always with the date; `timeOfDay` today's moments by their time only
 * (for narrow columns), other days with their date. Empty for no moment.
 */
export function useDateTime() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const locale = i18n.resolvedLanguage === 'nl' ? 'nl-NL' : 'en-GB';
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    const format = (formatter: Intl.DateTimeFormat) => (iso: string | null | undefined) => (iso ? formatter.format(new Date(iso)) : '');
    const timeOfDay = (iso: string | null | undefined) =>
      iso && new Date(iso).toDateString() === new Date().toDateString() ? format(time)(iso) : format(full)(iso);
    return { dateTime: format(full), timeOfDay };
  }, [i18n.resolvedLanguage]);
}
