import type { TLocationCheckPlans } from '@aquasmart/domain';

/** A location's check plans as GET …/check-plans answers them: a borrowed monthly check, a borrowed one with the location's own period, one switched off. */
export const PLANS: TLocationCheckPlans = {
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  rulebook: 'NL',
  healthcare: false,
  plans: [
    { check: 'sentinelTemperature', on: true, period: { unit: 'months', count: 1 }, periodSource: 'rulebook', rulebookPeriod: { unit: 'months', count: 1 }, reading: true, runningSeconds: { hot: 60, cold: 120 }, source: 'HSG274', borrowed: true, outlets: 2 },
    { check: 'showerheadDescaling', on: true, period: { unit: 'months', count: 6 }, periodSource: 'location', rulebookPeriod: { unit: 'months', count: 3 }, reading: false, runningSeconds: null, source: 'HSG274', borrowed: true, outlets: 4 },
    { check: 'littleUsedFlush', on: false, period: { unit: 'days', count: 7 }, periodSource: 'rulebook', rulebookPeriod: { unit: 'days', count: 7 }, reading: false, runningSeconds: null, source: 'Regeling', borrowed: false, outlets: 0 },
  ],
};
