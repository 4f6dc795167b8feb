import { z } from 'zod';
import { messageKey } from '../validation/message-key';
import { zOptionalText } from '../validation/validators';

/**
 * Planned thermal disinfections (docs/logbook.md, "Thermal disinfection"): the engineer records
 * "a thermal disinfection was done at this location from … to …" with a note, and the report checks
 * every hot outlet of the location in that window against the rulebook, as it does a detected one.
 * NL's 60 °C for 20 minutes cannot be found in the traces (hot outlets sit at 60 °C every day), so it
 * must be recorded. A record is never changed or deleted (the table is insert-only).
 */

/** At most this long: a thermal disinfection takes minutes to hours, a window of days checks nothing useful. */
export const PLANNED_DISINFECTION_MAX_HOURS = 24;
export const PLANNED_DISINFECTION_NOTE_MAX = 2000;
/** How far ahead of the server's clock the end may be (clocks differ a little); a disinfection is recorded once done. */
export const PLANNED_DISINFECTION_FUTURE_SLACK_MS = 5 * 60_000;

const HOUR_MS = 3_600_000;
const zMoment = () => z.iso.datetime({ offset: true, error: 'validation.dateTime' });

/** POST /customers/{c}/locations/{l}/disinfections: when it ran (instants with an offset) and a note. */
export const ZPlannedDisinfectionBody = z
  .object({
    from: zMoment(),
    to: zMoment(),
    note: zOptionalText(PLANNED_DISINFECTION_NOTE_MAX).default(''),
  })
  .superRefine((body, ctx) => {
    const issue = plannedDisinfectionSpanIssue(body.from, body.to);
    if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: issue });
  });
export type TPlannedDisinfectionBody = z.infer<typeof ZPlannedDisinfectionBody>;

/** The end after the start, at most PLANNED_DISINFECTION_MAX_HOURS later: the message key on `to`, or null. */
export function plannedDisinfectionSpanIssue(from: string, to: string): string | null {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (end <= start) return 'validation.disinfectionEndBeforeStart';
  if (end - start > PLANNED_DISINFECTION_MAX_HOURS * HOUR_MS) return messageKey('validation.disinfectionTooLong', { hours: PLANNED_DISINFECTION_MAX_HOURS });
  return null;
}

/** The rule that depends on the clock: not ended in the future (more than the slack). Field -> message key; empty when fine. */
export function plannedDisinfectionIssues(body: Pick<TPlannedDisinfectionBody, 'to'>, now: Date): Record<string, string> {
  if (Date.parse(body.to) > now.getTime() + PLANNED_DISINFECTION_FUTURE_SLACK_MS) return { to: 'validation.disinfectionInFuture' };
  return {};
}

/** A planned disinfection as recorded. */
export const ZPlannedDisinfection = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  note: z.string(),
  /** Who recorded it (the signed-in user's e-mail) and when. */
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type TPlannedDisinfection = z.infer<typeof ZPlannedDisinfection>;

/** GET .../disinfections: those that overlap these local dates of the location (both included), newest first. */
export const ZPlannedDisinfectionListQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').optional(),
});
export type TPlannedDisinfectionListQuery = z.infer<typeof ZPlannedDisinfectionListQuery>;

/**
 * Which detected disinfections a report lists beside the planned ones: a detected window that overlaps
 * a planned one is that disinfection, found again; the planned one wins (its window is what the engineer
 * says was done). Windows in ms; both ends included.
 */
export function detectedNotPlanned<T extends { from: number; to: number }>(detected: readonly T[], planned: readonly { from: number; to: number }[]): T[] {
  return detected.filter((window) => !planned.some((entry) => window.from <= entry.to && entry.from <= window.to));
}
