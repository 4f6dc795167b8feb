import { describe, expect, it } from 'vitest';
import type { TLocationCheckPlans, TOutlet } from '@aquasmart/domain';
import { checkBodyOf, checkFacts, mostUrgentCheck, type TCheckFacts, type TCheckFormValues } from './check-form';

const plan = (check: string, reading: boolean, runningSeconds: { hot: number; cold: number } | null) => ({
  check,
  on: true,
  period: { unit: 'months', count: 1 },
  periodSource: 'rulebook',
  rulebookPeriod: { unit: 'months', count: 1 },
  reading,
  runningSeconds,
  source: '',
  borrowed: false,
  outlets: 1,
});
const plans = (rulebook: 'NL' | 'UK' | 'DE', healthcare = false) =>
  ({
    customer: 'c',
    location: 'l',
    rulebook,
    healthcare,
    plans: [plan('sentinelTemperature', true, rulebook === 'DE' ? { hot: 30, cold: 30 } : { hot: 60, cold: 120 }), plan('incomingColdWater', true, { hot: 60, cold: 120 }), plan('showerheadDescaling', false, null)],
  }) as TLocationCheckPlans;

describe('checkFacts: what the chosen check asks for at this outlet', () => {
  it.each<[string, TLocationCheckPlans | undefined, TOutlet['water'], string | null, TCheckFacts]>([
    ['NL hot sentinel', plans('NL'), 'hot', 'sentinelTemperature', { reading: true, limit: { kind: 'atLeast', celsius: 60 }, seconds: 60 }],
    ['UK hot sentinel', plans('UK'), 'hot', 'sentinelTemperature', { reading: true, limit: { kind: 'atLeast', celsius: 50 }, seconds: 60 }],
    ['UK healthcare hot sentinel', plans('UK', true), 'hot', 'sentinelTemperature', { reading: true, limit: { kind: 'atLeast', celsius: 55 }, seconds: 60 }],
    ['UK cold sentinel', plans('UK'), 'cold', 'sentinelTemperature', { reading: true, limit: { kind: 'below', celsius: 20 }, seconds: 120 }],
    ['DE hot sentinel', plans('DE'), 'hot', 'sentinelTemperature', { reading: true, limit: { kind: 'atLeast', celsius: 55 }, seconds: 30 }],
    ['a mixed sentinel: a reading, not judged, the hot running time', plans('NL'), 'mixed', 'sentinelTemperature', { reading: true, limit: null, seconds: 60 }],
    ['incoming cold water at a hot-marked tank: the cold running time', plans('NL'), 'hot', 'incomingColdWater', { reading: true, limit: { kind: 'atMost', celsius: 25 }, seconds: 120 }],
    ['descaling: no reading', plans('NL'), 'hot', 'showerheadDescaling', { reading: false, limit: null, seconds: null }],
    ['plans not loaded yet', undefined, 'hot', 'sentinelTemperature', { reading: false, limit: null, seconds: null }],
    ['no check chosen', plans('NL'), 'hot', null, { reading: false, limit: null, seconds: null }],
  ])('%s', (_name, given, water, check, expected) => {
    expect(checkFacts(given, { water }, check as never)).toEqual(expected);
  });
});

describe('mostUrgentCheck', () => {
  const due = (check: string, state: string, nextDue: string) => ({ check, state, nextDue, lastDone: null }) as TOutlet['checks'][number];
  it.each<[string, TOutlet['checks'], string | null]>([
    ['none', [], null],
    ['overdue before due', [due('showerheadDescaling', 'due', '2026-12-01'), due('sentinelTemperature', 'overdue', '2026-11-30')], 'sentinelTemperature'],
    ['the older overdue first', [due('showerheadDescaling', 'overdue', '2026-11-20'), due('sentinelTemperature', 'overdue', '2026-10-01')], 'sentinelTemperature'],
    ['due before planned, whatever the order', [due('tmvService', 'planned', '2026-12-02'), due('littleUsedFlush', 'due', '2026-12-03')], 'littleUsedFlush'],
  ])('%s', (_name, checks, expected) => {
    expect(mostUrgentCheck(checks)).toBe(expected);
  });
});

const reading: TCheckFacts = { reading: true, limit: { kind: 'atLeast', celsius: 60 }, seconds: 60 };
const noReading: TCheckFacts = { reading: false, limit: null, seconds: null };
const values = (extra: Partial<TCheckFormValues> = {}): TCheckFormValues => ({ check: 'sentinelTemperature', outcome: 'done', celsius: '', ranSeconds: '60', reason: '', note: '', ...extra });

describe('checkBodyOf: the typed form as the check', () => {
  it.each<[string, TCheckFormValues, TCheckFacts, unknown]>([
    ['a Dutch comma', values({ celsius: '59,5' }), reading, { body: { check: 'sentinelTemperature', outcome: 'done', celsius: 59.5, ranSeconds: 60, note: null } }],
    ['a point, spaces around', values({ celsius: ' 61.2 ', ranSeconds: '45', note: ' na 45 s ' }), reading, { body: { check: 'sentinelTemperature', outcome: 'done', celsius: 61.2, ranSeconds: 45, note: 'na 45 s' } }],
    ['no running time: judged on the temperature alone', values({ celsius: '62', ranSeconds: '' }), reading, { body: { check: 'sentinelTemperature', outcome: 'done', celsius: 62, ranSeconds: null, note: null } }],
    ['the reading missing', values(), reading, { errors: { celsius: 'validation.readingRequired' } }],
    ['not a number', values({ celsius: '5,5,5' }), reading, { errors: { celsius: 'validation.number' } }],
    ['-10 is the lowest', values({ celsius: '-10' }), reading, { body: expect.objectContaining({ celsius: -10 }) }],
    ['-10.1 too low', values({ celsius: '-10,1' }), reading, { errors: { celsius: 'validation.range?min=-10&max=100' } }],
    ['100.1 too high', values({ celsius: '100,1' }), reading, { errors: { celsius: 'validation.range?min=-10&max=100' } }],
    ['seconds with a fraction', values({ celsius: '60', ranSeconds: '4,5' }), reading, { errors: { ranSeconds: 'validation.integer' } }],
    ['3601 seconds', values({ celsius: '60', ranSeconds: '3601' }), reading, { errors: { ranSeconds: 'validation.range?min=0&max=3600' } }],
    ['3600 seconds', values({ celsius: '60', ranSeconds: '3600' }), reading, { body: expect.objectContaining({ ranSeconds: 3600 }) }],
    ['done without a reading: no temperature sent', values({ check: 'showerheadDescaling', celsius: '12' }), noReading, { body: { check: 'showerheadDescaling', outcome: 'done', note: null } }],
    ['not possible: the reason, no reading', values({ outcome: 'notPossible', celsius: '12', reason: ' Ruimte op slot ' }), reading, { body: { check: 'sentinelTemperature', outcome: 'notPossible', reason: 'Ruimte op slot', note: null } }],
    ['not possible without a reason', values({ outcome: 'notPossible', reason: '  ' }), reading, { errors: { reason: 'validation.reasonRequired' } }],
    ['no check chosen', values({ check: null, celsius: '60' }), reading, { errors: { check: 'validation.required' } }],
  ])('%s', (_name, given, facts, expected) => {
    expect(checkBodyOf(given, facts)).toEqual(expected);
  });
});
