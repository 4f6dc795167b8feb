import { describe, expect, it } from 'vitest';
import type { TRulebookId } from '../logbook/rulebooks';
import { judgeResult, legionellaResolutionIssues, parseCountUnit, perLitre, type TCountUnit, type TLegalStep, type TSampleVerdict } from './thresholds';

describe('counts in one unit', () => {
  it.each([
    [100, 'KBE/100 ml', 1000],
    [10, 'KBE/100 ml', 100],
    [1, 'kve/l', 1],
    [1001, 'cfu/l', 1001],
  ] as const)('%d %s is %d per litre', (count, unit, expected) => {
    expect(perLitre(count, unit)).toBe(expected);
  });

  it.each([
    ['kve/l', 'kve/l'],
    [' KVE/L ', 'kve/l'],
    ['CFU/l', 'cfu/l'],
    ['KBE/100ml', 'KBE/100 ml'],
    ['kbe / 100 ml', 'KBE/100 ml'],
    ['KBE/l', null],
    ['mg/l', null],
  ] as const)('unit %j reads as %j', (text, unit) => {
    expect(parseCountUnit(text)).toBe(unit);
  });
});

describe('the verdict and legal step per rulebook at the boundaries', () => {
  const cases: [TRulebookId, number, TCountUnit, TSampleVerdict, TLegalStep, 'warning' | 'critical' | null][] = [
    // NL: fewer than 100 kve/l (art. 36); at or above 100 measures; above 1,000 the ILT at once (art. 41).
    ['NL', 99, 'kve/l', 'compliant', 'none', null],
    ['NL', 100, 'kve/l', 'exceeded', 'measures', 'warning'],
    ['NL', 1000, 'kve/l', 'exceeded', 'measures', 'warning'],
    ['NL', 1001, 'kve/l', 'report', 'reportIlt', 'critical'],
    ['NL', 10, 'KBE/100 ml', 'exceeded', 'measures', 'warning'],
    ['NL', 100, 'KBE/100 ml', 'exceeded', 'measures', 'warning'],
    ['NL', 101, 'KBE/100 ml', 'report', 'reportIlt', 'critical'],
    // UK: above 100 cfu/l re-sample and review; above 1,000 at once with remedial action.
    ['UK', 99, 'cfu/l', 'compliant', 'none', null],
    ['UK', 100, 'cfu/l', 'compliant', 'none', null],
    ['UK', 101, 'cfu/l', 'exceeded', 'resampleReview', 'warning'],
    ['UK', 1000, 'cfu/l', 'exceeded', 'resampleReview', 'warning'],
    ['UK', 1001, 'cfu/l', 'report', 'resampleReviewAtOnce', 'critical'],
    // DE: the action value 100 KBE/100 ml = 1,000 per litre: reported to the Gesundheitsamt.
    ['DE', 99, 'kve/l', 'compliant', 'none', null],
    ['DE', 100, 'kve/l', 'compliant', 'none', null],
    ['DE', 999, 'cfu/l', 'compliant', 'none', null],
    ['DE', 1000, 'kve/l', 'report', 'reportGesundheitsamt', 'critical'],
    ['DE', 1001, 'kve/l', 'report', 'reportGesundheitsamt', 'critical'],
    ['DE', 99, 'KBE/100 ml', 'compliant', 'none', null],
    ['DE', 100, 'KBE/100 ml', 'report', 'reportGesundheitsamt', 'critical'],
  ];
  it.each(cases)('%s: %d %s is %s (%s)', (rulebook, count, unit, verdict, legalStep, severity) => {
    expect(judgeResult(rulebook, [{ count, unit }])).toEqual({ verdict, legalStep, severity, highestPerLitre: perLitre(count, unit) });
  });

  it('judges by the highest count of the result (spp. beside serogroups), whatever their units', () => {
    expect(judgeResult('NL', [{ count: 50, unit: 'kve/l' }, { count: null, detectionLimit: 50, unit: 'kve/l' }, { count: 20, unit: 'KBE/100 ml' }])).toMatchObject({ verdict: 'exceeded', legalStep: 'measures', highestPerLitre: 200 });
  });
});

describe('not detected', () => {
  it.each([
    ['NL', 100, 'kve/l', 'compliant'],
    ['NL', 101, 'kve/l', 'inconclusive'],
    ['NL', 10, 'KBE/100 ml', 'compliant'],
    ['NL', null, 'kve/l', 'compliant'],
    ['UK', 100, 'cfu/l', 'compliant'],
    ['UK', 200, 'cfu/l', 'inconclusive'],
    ['DE', 100, 'KBE/100 ml', 'compliant'],
    ['DE', 101, 'KBE/100 ml', 'inconclusive'],
  ] as const)('%s: below %j %s is %s, with no alarm', (rulebook, detectionLimit, unit, verdict) => {
    expect(judgeResult(rulebook, [{ count: null, detectionLimit, unit }])).toEqual({ verdict, legalStep: 'none', severity: null, highestPerLitre: null });
  });

  it('a detected count decides, whatever the limits of the others', () => {
    expect(judgeResult('NL', [{ count: 40, unit: 'kve/l' }, { count: null, detectionLimit: 500, unit: 'kve/l' }]).verdict).toBe('compliant');
  });
});

describe('resolving a legionella alarm', () => {
  const now = new Date('2026-04-02T10:00:00Z');
  it.each([
    [{ rulebook: 'NL', severity: 'critical' }, undefined, { authorityToldAt: 'validation.authorityToldRequired' }],
    [{ rulebook: 'NL', severity: 'critical' }, '2026-04-01T09:00:00+02:00', {}],
    [{ rulebook: 'NL', severity: 'warning' }, undefined, {}],
    [{ rulebook: 'DE', severity: 'critical' }, undefined, { authorityToldAt: 'validation.authorityToldRequired' }],
    [{ rulebook: 'UK', severity: 'critical' }, undefined, {}],
    [{ rulebook: 'NL', severity: 'critical' }, '2026-04-03T09:00:00Z', { authorityToldAt: 'validation.actedAtInFuture' }],
  ] as const)('%j told at %j: %j', (details, told, issues) => {
    expect(legionellaResolutionIssues(details, told, now)).toEqual(issues);
  });
});
