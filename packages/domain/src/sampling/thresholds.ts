import type { TRulebookId } from '../logbook/rulebooks';

/**
 * Legionella counts and what each rulebook does with them (docs/sampling.md, "Rules"; figures from
 * the team's compliance guide, "Laboratory results"). Counts are stored as the lab reported them,
 * with their unit, and compared in one unit: colony-forming units per litre.
 */

/** The units labs report in: NL kve/l, UK cfu/l (both per litre), DE KBE/100 ml. */
export const COUNT_UNITS = ['kve/l', 'cfu/l', 'KBE/100 ml'] as const;
export type TCountUnit = (typeof COUNT_UNITS)[number];

/** How many per litre one counted unit is: 100 KBE/100 ml = 1,000 per litre. */
export const PER_LITRE_FACTOR: Readonly<Record<TCountUnit, number>> = { 'kve/l': 1, 'cfu/l': 1, 'KBE/100 ml': 10 };

/** A count in its unit as per litre. */
export function perLitre(count: number, unit: TCountUnit): number {
  return count * PER_LITRE_FACTOR[unit];
}

/** A unit as written in a lab's file or a form (case, spaces and "KBE/100ml" forgiven); null when it is none of ours. */
export function parseCountUnit(text: string): TCountUnit | null {
  const simple = text.trim().toLowerCase().replace(/\s+/g, '');
  return COUNT_UNITS.find((unit) => unit.toLowerCase().replace(/\s+/g, '') === simple) ?? null;
}

/** The unit a rulebook's labs report in, for its texts (NL kve/l, UK cfu/l, DE KBE/100 ml). */
export const RULEBOOK_UNIT: Readonly<Record<TRulebookId, TCountUnit>> = { NL: 'kve/l', UK: 'cfu/l', DE: 'KBE/100 ml' };

/**
 * What a result means:
 * - compliant: below the first threshold (or not detected with a detection limit at most that figure);
 * - inconclusive: not detected, but the detection limit is above the first threshold, so the result
 *   cannot show compliance (ask the lab for a lower limit or sample again);
 * - exceeded: at or above the first threshold, below the report one: measures / re-sample and review;
 * - report: at or above the report (or at-once) threshold.
 */
export const SAMPLE_VERDICTS = ['compliant', 'inconclusive', 'exceeded', 'report'] as const;
export type TSampleVerdict = (typeof SAMPLE_VERDICTS)[number];

/**
 * The legal step a verdict asks for, per rulebook:
 * - measures (NL art. 36): at or above 100 kve/l measures are taken;
 * - reportIlt (NL art. 41): above 1,000 kve/l the ILT is told at once (again when a re-sample is still above);
 * - resampleReview (UK HSG274 Part 2): above 100 cfu/l re-sample and review;
 * - resampleReviewAtOnce (UK): above 1,000 cfu/l re-sample and review control measures and risk assessment at once, with remedial action;
 * - reportGesundheitsamt (DE TrinkwV 2023): at or above 100 KBE/100 ml report to the health office without delay,
 *   investigate the cause with a site inspection and a written risk assessment, take measures.
 */
export const LEGAL_STEPS = ['none', 'measures', 'reportIlt', 'resampleReview', 'resampleReviewAtOnce', 'reportGesundheitsamt'] as const;
export type TLegalStep = (typeof LEGAL_STEPS)[number];

/** A figure a count (per litre) reaches: `atOrAbove` (count >= perLitre) or `above` (count > perLitre). */
export interface TCountThreshold {
  kind: 'atOrAbove' | 'above';
  perLitre: number;
}

export interface TSamplingRules {
  /** The first threshold: measures (NL), re-sample and review (UK), report (DE). */
  first: TCountThreshold;
  firstStep: TLegalStep;
  /** The report / at-once threshold; for DE the first threshold already is the report one. */
  report: TCountThreshold;
  reportStep: TLegalStep;
  /** Whether the report step tells an authority (NL the ILT, DE the Gesundheitsamt; UK none). */
  authority: 'ILT' | 'Gesundheitsamt' | null;
}

export const SAMPLING_RULES: Readonly<Record<TRulebookId, TSamplingRules>> = {
  // Drinkwaterbesluit art. 36 (fewer than 100 kve/l) and art. 41 (above 1,000 kve/l the ILT at once).
  NL: { first: { kind: 'atOrAbove', perLitre: 100 }, firstStep: 'measures', report: { kind: 'above', perLitre: 1000 }, reportStep: 'reportIlt', authority: 'ILT' },
  // HSG274 Part 2, Legionella sampling table: above 100 cfu/l, above 1,000 cfu/l.
  UK: { first: { kind: 'above', perLitre: 100 }, firstStep: 'resampleReview', report: { kind: 'above', perLitre: 1000 }, reportStep: 'resampleReviewAtOnce', authority: null },
  // TrinkwV 2023: the technical action value 100 KBE/100 ml (1,000 per litre), reported without delay.
  DE: {
    first: { kind: 'atOrAbove', perLitre: 1000 },
    firstStep: 'reportGesundheitsamt',
    report: { kind: 'atOrAbove', perLitre: 1000 },
    reportStep: 'reportGesundheitsamt',
    authority: 'Gesundheitsamt',
  },
};

/** Whether a count per litre reaches a threshold. */
export function reaches(countPerLitre: number, threshold: TCountThreshold): boolean {
  return threshold.kind === 'atOrAbove' ? countPerLitre >= threshold.perLitre : countPerLitre > threshold.perLitre;
}

/** One count of a result: a species/serogroup, its count in its unit, or not detected (null) below a detection limit. */
export interface TCountInput {
  count: number | null;
  detectionLimit?: number | null;
  unit: TCountUnit;
}

export interface TJudgedResult {
  verdict: TSampleVerdict;
  legalStep: TLegalStep;
  /** critical: at or above the report threshold; warning: at or above the first; null: no alarm. */
  severity: 'warning' | 'critical' | null;
  /** The highest count reported, per litre; null when nothing was detected. */
  highestPerLitre: number | null;
}

/**
 * A result's verdict under a rulebook: on the highest count it reports (per litre), so a lab that
 * gives Legionella spp. and L. pneumophila serogroups is judged by the largest (the spp. total).
 * Not detected is compliant when its detection limit is at most the first threshold's figure,
 * otherwise inconclusive (no alarm, but no proof of compliance either).
 */
export function judgeResult(rulebook: TRulebookId, counts: readonly TCountInput[]): TJudgedResult {
  const rules = SAMPLING_RULES[rulebook];
  const detected = counts.filter((entry) => entry.count !== null).map((entry) => perLitre(entry.count as number, entry.unit));
  const highest = detected.length > 0 ? Math.max(...detected) : null;
  if (highest !== null && reaches(highest, rules.report)) return { verdict: 'report', legalStep: rules.reportStep, severity: 'critical', highestPerLitre: highest };
  if (highest !== null && reaches(highest, rules.first)) return { verdict: 'exceeded', legalStep: rules.firstStep, severity: 'warning', highestPerLitre: highest };
  const limits = counts.filter((entry) => entry.count === null).map((entry) => (entry.detectionLimit == null ? 0 : perLitre(entry.detectionLimit, entry.unit)));
  const inconclusive = highest === null && limits.some((limit) => limit > rules.first.perLitre);
  return { verdict: inconclusive ? 'inconclusive' : 'compliant', legalStep: 'none', severity: null, highestPerLitre: highest };
}

/** Whether a verdict opens an alarm (and asks for a re-sample). */
export const opensAlarm = (verdict: TSampleVerdict) => verdict === 'exceeded' || verdict === 'report';

/** Allowed clock difference between a typed time and the server's. */
const FUTURE_MARGIN_MS = 5 * 60_000;

/**
 * What resolving a legionella alarm lacks (docs/sampling.md, "Legal steps"), as field -> message
 * key: an alarm that reached a report threshold with an authority (NL the ILT, DE the
 * Gesundheitsamt) needs the time the authority was told, not in the future. The corrective action
 * is the resolution's note, which every resolution needs.
 */
export function legionellaResolutionIssues(details: Record<string, unknown>, authorityToldAt: string | undefined, now: Date): Record<string, string> {
  const rulebook = details.rulebook as TRulebookId | undefined;
  const authority = rulebook && rulebook in SAMPLING_RULES ? SAMPLING_RULES[rulebook].authority : null;
  if (authorityToldAt !== undefined && Date.parse(authorityToldAt) > now.getTime() + FUTURE_MARGIN_MS) return { authorityToldAt: 'validation.actedAtInFuture' };
  if (authority !== null && details.severity === 'critical' && authorityToldAt === undefined) return { authorityToldAt: 'validation.authorityToldRequired' };
  return {};
}
