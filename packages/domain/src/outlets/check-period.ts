import { addCheckPeriod, type TCheckPeriod } from './check-plans';

/**
 * A check plan over a logbook period (docs/outlets.md, "In the logbook"): which due dates fell in
 * the period, which of them passed without a done check, and the stretches a check was overdue. All
 * dates are local dates (YYYY-MM-DD) of the location, as `checkDue`'s.
 *
 * The schedule as it unfolded: a check is due its period after the last done check (never done: on
 * the day the outlet joined the register). A due date whose day ends without a done check is
 * **overdue**, and the plan's rhythm goes on from it (a monthly check not done for three months
 * misses three due dates). A done check meets the first due date after the check before it: on time
 * when on or before that date, late (the due date stays overdue, `doneAt` set) when after it. Then
 * the next due date is its period after that check. A second check on the same day as the one before
 * meets nothing. Months stay inside the month they land in, counted from the last done check
 * (31 January + 1 month is 28/29 February, + 2 months 31 March).
 */

export interface TCheckDone {
  /** The local date the check was done. */
  on: string;
  /** Its instant. */
  at: string;
}

export interface TCheckOccurrence {
  due: string;
  /** The done check that met it (on time or late), null when none did (by the period's end). */
  doneAt: string | null;
  /** Its day ended without a done check on or before it. */
  overdue: boolean;
}

/** A stretch a check was overdue: from its first missed due date until a done check (null: still overdue at the period's end). */
export interface TCheckOverdueStretch {
  firstDue: string;
  doneAt: string | null;
}

export interface TCheckInPeriod {
  /** The due dates within the period, in order. */
  occurrences: TCheckOccurrence[];
  /** Every stretch of being overdue that overlaps the period (its first due date may be before it). */
  overdue: TCheckOverdueStretch[];
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** The k-th due date of an anchor: the day itself for an outlet never checked (k = 0 is `since`), else k + 1 periods after the check. */
function dueOf(anchor: string, fromSince: boolean, period: TCheckPeriod, k: number): string {
  const periods = fromSince ? k : k + 1;
  return periods === 0 ? anchor : addCheckPeriod(anchor, { unit: period.unit, count: period.count * periods });
}

/** The first k whose due date is on or after `date` (a short walk from an estimate, so years of a daily plan cost nothing). */
function firstOnOrAfter(anchor: string, fromSince: boolean, period: TCheckPeriod, date: string): number {
  const days = dayNumber(date) - dayNumber(anchor);
  const perPeriod = period.unit === 'months' ? 31 * period.count : period.count;
  let k = Math.max(0, Math.floor(days / perPeriod) - 1);
  while (dueOf(anchor, fromSince, period, k) < date) k += 1;
  return k;
}

/**
 * The plan of one check at one outlet over a period `from`..`to`. `lastDoneBefore`: the latest done
 * check before `from` (local date), null when none; `done`: the done checks within the period, in
 * time order (not-possible ones move nothing and are left out); `endedThrough`: the last local day
 * of the period that has ended (the period's last day once it is over, yesterday while it runs).
 */
export function checkInPeriod(
  period: TCheckPeriod,
  history: { since: string; lastDoneBefore: string | null },
  done: readonly TCheckDone[],
  span: { from: string; to: string; endedThrough: string },
): TCheckInPeriod {
  const occurrences: TCheckOccurrence[] = [];
  const overdue: TCheckOverdueStretch[] = [];
  let anchor = history.lastDoneBefore ?? history.since;
  let fromSince = history.lastDoneBefore === null;
  for (let index = 0; index <= done.length; index += 1) {
    const check = done[index] ?? null;
    // A second check on the day of the one before meets nothing and moves nothing.
    if (check && !fromSince && check.on <= anchor) continue;
    const first = dueOf(anchor, fromSince, period, 0);
    // The due dates before the check (all of them without one, up to the period's end) were missed.
    const missedUntil = check ? check.on : null;
    const missedFirst = (missedUntil === null ? first <= span.endedThrough : first < missedUntil) ? first : null;
    if (missedFirst !== null) overdue.push({ firstDue: missedFirst, doneAt: check?.at ?? null });
    for (let k = firstOnOrAfter(anchor, fromSince, period, span.from); ; k += 1) {
      const due = dueOf(anchor, fromSince, period, k);
      if (due > span.to) break;
      if (check && due >= check.on) {
        // Met on time (on the day, or early when nothing before it was missed); late checks met the due date before.
        if (due === check.on || missedFirst === null) occurrences.push({ due, doneAt: check.at, overdue: false });
        break;
      }
      // The last due date missed before a late check is the one it met (unless the next one is the check's own day).
      const metLate = check !== null && dueOf(anchor, fromSince, period, k + 1) > check.on;
      occurrences.push({ due, doneAt: metLate ? check.at : null, overdue: due <= span.endedThrough });
    }
    if (check) {
      anchor = check.on;
      fromSince = false;
    }
  }
  return { occurrences, overdue };
}
