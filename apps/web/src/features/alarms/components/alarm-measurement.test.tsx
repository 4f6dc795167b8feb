import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { TAlarmKind } from '@aquasmart/domain';
import '../../../lib/i18n/texts/alarms';
import { i18n } from '../../../lib/i18n/i18n';
import { renderAt } from '../../../test/render';
import { AlarmMeasurement } from './alarm-measurement';

/** 13:07 today (local), as a temperature alarm's `since`: a time of today shows as the time alone. */
const TODAY_1307 = (() => {
  const at = new Date();
  at.setHours(13, 7, 0, 0);
  return at.toISOString();
})();

/** 31 March 2026 09:15 local, a result's time of sampling. */
const MARCH_31_0915 = new Date(2026, 2, 31, 9, 15).toISOString();

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('nl');
});

describe('the measurement line of the alarm page', () => {
  it.each<[string, TAlarmKind, Record<string, unknown>, string | null]>([
    ['nl', 'temperature', { value: 44.6, limit: 60, limitKind: 'atLeast', mode: 'WW', since: TODAY_1307 }, 'Meting44,6\u00A0°C, grens ten minste 60,0\u00A0°C (warm water), buiten de grens sinds 13:07'],
    ['en', 'temperature', { value: 44.6, limit: 60, limitKind: 'atLeast', mode: 'WW', since: TODAY_1307 }, 'Measurement44.6\u00A0°C, limit at least 60.0\u00A0°C (hot water), outside the limit since 13:07'],
    ['nl', 'temperature', { value: 26.2, limit: 25, limitKind: 'atMost', mode: 'KW', since: null }, 'Meting26,2\u00A0°C, grens ten hoogste 25,0\u00A0°C (koud water)'],
    ['nl', 'faultySensor', { value: -102.4 }, 'Meting-102,4\u00A0°C (een sensor die -100 °C of lager meet is defect)'],
    ['nl', 'lowBattery', { voltage: 3.2, threshold: 3.3 }, 'Meting3,20\u00A0V, drempel 3,30\u00A0V'],
    ['nl', 'flushAlarm', { before: 40, after: 38, minimumDeviation: 5 }, 'Metingspoeling van 40,0\u00A0°C naar 38,0\u00A0°C: 2,0\u00A0°C verschil, minimaal 5,0\u00A0°C'],
    ['nl', 'waterDetection', { resistance: 240 }, 'Metingweerstand 240 Ω'],
    // A legionella alarm (docs/sampling.md): the newest result's figures as reported, per litre, the step and the re-sample date.
    ['nl', 'legionella', { count: 1500, unit: 'kve/l', perLitre: 1500, sampleId: 'LAB-1', takenAt: MARCH_31_0915, legalStep: 'reportIlt', resampleDue: '2026-04-30' }, 'Meting1.500 kve/l in monster LAB-1 van 31-03-2026 09:15 (1.500 per liter): direct melden aan de ILT; hermonster uiterlijk 30-04-2026'],
    ['en', 'legionella', { count: 150, unit: 'KBE/100 ml', perLitre: 1500, sampleId: 'P-7', takenAt: MARCH_31_0915, legalStep: 'reportGesundheitsamt', resampleDue: null }, 'Measurement150 KBE/100 ml in sample P-7 of 31 Mar 2026 09:15 (1,500 per litre): report to the Gesundheitsamt without delay'],
    // A check at an outlet outside the limit (docs/outlets.md, "Checks"): the check, the reading after its running time, the limit and verdict.
    ['nl', 'checkDeviation', { outletName: 'Douche 3', check: 'sentinelTemperature', celsius: 52, ranSeconds: 90, allowedSeconds: 60, limit: { kind: 'atLeast', celsius: 60 }, verdict: 'outsideLimit', doneAt: MARCH_31_0915 }, 'MetingMaandelijkse temperatuurmeting (sentinel-tappunt): 52,0\u00A0°C na 90 s (toegestaan 60 s), norm ten minste 60,0\u00A0°C: buiten de norm (31-03-2026 09:15)'],
    ['en', 'checkDeviation', { outletName: 'Tap 1', check: 'incomingColdWater', celsius: 21.5, ranSeconds: null, allowedSeconds: 120, limit: { kind: 'below', celsius: 20 }, verdict: 'outsideLimit', doneAt: MARCH_31_0915 }, 'MeasurementIncoming cold water temperature: 21.5\u00A0°C, limit below 20.0\u00A0°C: outside the limit (31 Mar 2026 09:15)'],
    // The checks past their date at the outlet (docs/outlets.md, "Overdue checks"), one never done.
    ['nl', 'checkOverdue', { outletName: 'Douche 3', checks: [{ check: 'showerheadDescaling', nextDue: '2026-03-01', lastDone: '2025-12-01' }, { check: 'littleUsedFlush', nextDue: '2026-03-20', lastDone: null }] }, 'MetingTe laat: Douchekop ontkalken (uiterlijk 01-03-2026, laatst 01-12-2025); Spoelen weinig gebruikt tappunt (uiterlijk 20-03-2026, laatst nog nooit)'],
    ['nl', 'checkOverdue', { outletName: 'Douche 3', checks: [] }, null],
    // Nothing measured: no line (the demo's flush alarms, kinds without a measurement).
    ['nl', 'flushAlarm', { via: 'demo' }, null],
    ['nl', 'settingsNotTaken', {}, null],
    ['nl', 'temperature', { value: 'x' }, null],
  ])('%s %s %j', async (language, kind, details, expected) => {
    await i18n.changeLanguage(language);
    renderAt(<AlarmMeasurement alarm={{ kind, details }} />);
    const line = document.querySelector('[data-measurement]');
    expect(line?.textContent ?? null).toBe(expected);
  });
});
