import { describe, expect, it } from 'vitest';
import { checkAlarmResolution, checkDeviationFindings, type TLogbookChecks } from './checks-report';

const handling = (resolvedAt: string | null) => ({ acknowledgedBy: null, acknowledgedAt: null, resolvedBy: resolvedAt ? 'j@example.com' : null, resolvedAt, note: resolvedAt ? 'Boiler op 65 °C' : null });
const record = (doneAt: string, deviation: boolean, alarmId: number | null) => ({
  checkId: 1, outletId: 4, outletName: 'Douche 12', check: 'sentinelTemperature' as const, outcome: 'done' as const, reason: null, celsius: deviation ? 52 : 61, ranSeconds: 60, allowedSeconds: 60,
  limit: { kind: 'atLeast' as const, celsius: 60 }, verdict: deviation ? ('outsideLimit' as const) : ('withinLimit' as const), deviation, alarmId, nodeCelsius: null, drift: null, note: null, doneAt, recordedBy: 'a@example.com',
  handling: alarmId === null ? null : handling(alarmId === 13 ? '2026-10-16T08:00:00.000Z' : null),
});
const CHECKS: TLogbookChecks = {
  outlets: 2,
  plans: [],
  records: [record('2026-10-14T07:00:00.000Z', true, 13), record('2026-10-20T07:00:00.000Z', false, null)],
  alarms: [
    { alarmId: 20, kind: 'checkOverdue', outletId: 5, outletName: 'Wastafel 3', from: '2026-09-02T00:00:00.000Z', to: '2026-10-03T00:00:00.000Z', handling: handling(null) },
    { alarmId: 21, kind: 'checkOverdue', outletId: 5, outletName: 'Wastafel 3', from: '2026-10-22T00:00:00.000Z', to: null, handling: handling('2026-10-23T00:00:00.000Z') },
  ],
  overdue: [
    { outletId: 5, outletName: 'Wastafel 3', check: 'showerheadDescaling', firstDue: '2026-09-01', doneAt: '2026-10-03T08:00:00.000Z' },
    { outletId: 5, outletName: 'Wastafel 3', check: 'sentinelTemperature', firstDue: '2026-10-20', doneAt: null },
  ],
};
const dayEnd = (date: string) => `${date}T22:00:00.000Z`;

describe('the deviations of the checks section', () => {
  it('a deviating reading from its check, each overdue stretch from its first missed day (or the period start), keyed by that date', () => {
    expect(checkDeviationFindings(CHECKS, '2026-09-30T22:00:00.000Z', dayEnd).map((finding) => [finding.kind, finding.eui, finding.from, finding.to, finding.keyStart])).toEqual([
      ['checkDeviation', 'outlet:4:sentinelTemperature', '2026-10-14T07:00:00.000Z', '2026-10-16T08:00:00.000Z', '2026-10-14T07:00:00.000Z'],
      ['checkOverdue', 'outlet:5:showerheadDescaling', '2026-09-30T22:00:00.000Z', '2026-10-03T08:00:00.000Z', '2026-09-01'],
      ['checkOverdue', 'outlet:5:sentinelTemperature', '2026-10-20T22:00:00.000Z', null, '2026-10-20'],
    ]);
    expect(checkDeviationFindings(undefined, '2026-09-30T22:00:00.000Z', dayEnd)).toEqual([]);
  });

  it.each([
    ['the reading’s own alarm', { kind: 'checkDeviation', eui: 'outlet:4:sentinelTemperature', from: '2026-10-14T07:00:00.000Z', to: null }, 13, '2026-10-16T08:00:00.000Z'],
    ['an overdue stretch: the overdue alarm overlapping it (a day apart is none)', { kind: 'checkOverdue', eui: 'outlet:5:sentinelTemperature', from: '2026-10-20T22:00:00.000Z', to: null }, 21, '2026-10-23T00:00:00.000Z'],
    ['the alarm overlapping the longest', { kind: 'checkOverdue', eui: 'outlet:5:showerheadDescaling', from: '2026-09-30T22:00:00.000Z', to: '2026-10-03T08:00:00.000Z' }, 20, null],
    ['another outlet’s alarm is none', { kind: 'checkOverdue', eui: 'outlet:4:sentinelTemperature', from: '2026-10-20T22:00:00.000Z', to: null }, null, null],
    ['another kind of deviation is none', { kind: 'gap', eui: 'outlet:5:sentinelTemperature', from: '2026-10-20T22:00:00.000Z', to: null }, null, null],
  ] as const)('%s', (_what, finding, alarmId, resolvedAt) => {
    const resolution = checkAlarmResolution(CHECKS, finding, '2026-10-31T23:00:00.000Z');
    expect(resolution?.alarmId ?? null).toBe(alarmId);
    expect(resolution?.resolvedAt ?? null).toBe(resolvedAt);
  });
});
