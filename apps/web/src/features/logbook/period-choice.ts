import { logbookPeriod, type TLogbookPeriodQuery } from '@aquasmart/domain';

/**
 * The period picker's choices (docs/logbook.md, "Screens"): the common months, quarters and years
 * counted back from today, or two dates typed by the user. Dates are local dates (the browser's);
 * the server reads them in the location's time zone.
 */
export const PERIOD_CHOICES = ['thisMonth', 'lastMonth', 'thisQuarter', 'lastQuarter', 'thisYear', 'lastYear', 'custom'] as const;
export type TPeriodChoice = (typeof PERIOD_CHOICES)[number];
export type TPresetChoice = Exclude<TPeriodChoice, 'custom'>;
export const DEFAULT_PERIOD_CHOICE: TPresetChoice = 'lastMonth';

const PRESETS: Record<Exclude<TPeriodChoice, 'custom'>, [kind: 'month' | 'quarter' | 'year', previous: number]> = {
  thisMonth: ['month', 0],
  lastMonth: ['month', 1],
  thisQuarter: ['quarter', 0],
  lastQuarter: ['quarter', 1],
  thisYear: ['year', 0],
  lastYear: ['year', 1],
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Today as a local date, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The dates of a preset choice on a local date ('2026-11-26', lastMonth -> 2026-10-01..2026-10-31). */
export function presetPeriod(choice: Exclude<TPeriodChoice, 'custom'>, today: string): TLogbookPeriodQuery {
  const [kind, previous] = PRESETS[choice];
  return logbookPeriod(kind, today, previous);
}

/** The preset whose dates these are, else 'custom' (a period typed by hand that happens to be a month shows as that month). */
export function choiceOf(period: TLogbookPeriodQuery, today: string): TPeriodChoice {
  return PERIOD_CHOICES.find((choice) => {
    if (choice === 'custom') return false;
    const preset = presetPeriod(choice, today);
    return preset.from === period.from && preset.to === period.to;
  }) ?? 'custom';
}
