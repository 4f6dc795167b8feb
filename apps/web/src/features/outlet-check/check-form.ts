import {
  checkLimit,
  MESSAGE,
  messageKey,
  parseFormNumber,
  RAN_SECONDS_MAX,
  type TCheckBody,
  type TCheckKind,
  type TLocationCheckPlans,
  type TOutlet,
  type TTemperatureLimit,
} from '@aquasmart/domain';

/**
 * The one-screen check at the outlet (docs/outlets.md, "The check at the outlet"): what the chosen
 * check asks for (a reading, the rulebook's limit and running time), and the typed form as the
 * check's body or the fields' errors. Pure; the server judges again.
 */

export interface TCheckFacts {
  /** Whether the check takes a reading (°C, after how many seconds running). */
  reading: boolean;
  /** The rulebook's limit at this outlet; null: not judged (a mixed outlet) or no reading. */
  limit: TTemperatureLimit | null;
  /** The rulebook's running time for this outlet's water; null without a reading. */
  seconds: number | null;
}

/** What a check asks for at an outlet, from the location's plans (GET …/check-plans) and the outlet's water. */
export function checkFacts(plans: TLocationCheckPlans | undefined, outlet: Pick<TOutlet, 'water'>, check: TCheckKind | null): TCheckFacts {
  const plan = plans?.plans.find((candidate) => candidate.check === check);
  if (!plans || !plan || !check || !plan.reading) return { reading: false, limit: null, seconds: null };
  const running = plan.runningSeconds;
  const seconds = running ? (outlet.water === 'cold' || check === 'incomingColdWater' ? running.cold : running.hot) : null;
  return { reading: true, limit: checkLimit(plans.rulebook, check, outlet.water, plans.healthcare), seconds };
}

/** The check preselected: the most urgent of the outlet's (the server lists them soonest first, overdue ones first). */
export function mostUrgentCheck(checks: TOutlet['checks']): TCheckKind | null {
  const rank = { overdue: 0, due: 1, planned: 2 } as const;
  const sorted = [...checks].sort((a, b) => rank[a.state] - rank[b.state] || a.nextDue.localeCompare(b.nextDue));
  return sorted[0]?.check ?? null;
}

export interface TCheckFormValues {
  check: TCheckKind | null;
  outcome: 'done' | 'notPossible';
  celsius: string;
  ranSeconds: string;
  reason: string;
  note: string;
}

export type TCheckFormResult = { body: Omit<TCheckBody, 'outletId' | 'entryId' | 'photo' | 'doneAt'> } | { errors: Partial<Record<'check' | 'celsius' | 'ranSeconds' | 'reason', string>> };

/** A comma counts as the decimal point (Dutch "59,5"); NaN for anything else, also an empty field. */
const parseDecimal = (text: string) => parseFormNumber(text) ?? Number.NaN;

const RANGE = messageKey(MESSAGE.range, { min: -10, max: 100 });
const SECONDS_RANGE = messageKey(MESSAGE.range, { min: 0, max: RAN_SECONDS_MAX });

/** The form as the check's body: a reading only for a done check that takes one (a Dutch comma taken), a reason only when not possible. */
export function checkBodyOf(values: TCheckFormValues, facts: TCheckFacts): TCheckFormResult {
  const errors: Partial<Record<'check' | 'celsius' | 'ranSeconds' | 'reason', string>> = {};
  if (!values.check) errors.check = MESSAGE.required;
  const note = values.note.trim() || null;
  if (values.outcome === 'notPossible') {
    const reason = values.reason.trim();
    if (!reason) errors.reason = 'validation.reasonRequired';
    if (Object.keys(errors).length > 0 || !values.check) return { errors };
    return { body: { check: values.check, outcome: 'notPossible', reason, note } };
  }
  let celsius: number | null = null;
  let ranSeconds: number | null = null;
  if (facts.reading) {
    if (values.celsius.trim() === '') errors.celsius = 'validation.readingRequired';
    else {
      const value = parseDecimal(values.celsius);
      if (Number.isNaN(value)) errors.celsius = MESSAGE.number;
      else if (value < -10 || value > 100) errors.celsius = RANGE;
      else celsius = value;
    }
    if (values.ranSeconds.trim() !== '') {
      const value = parseDecimal(values.ranSeconds);
      if (Number.isNaN(value) || !Number.isInteger(value)) errors.ranSeconds = MESSAGE.integer;
      else if (value < 0 || value > RAN_SECONDS_MAX) errors.ranSeconds = SECONDS_RANGE;
      else ranSeconds = value;
    }
  }
  if (Object.keys(errors).length > 0 || !values.check) return { errors };
  return { body: { check: values.check, outcome: 'done', ...(facts.reading ? { celsius, ranSeconds } : {}), note } };
}
