import { describe, expect, it } from 'vitest';
import { EMPTY_CHANNEL_DAY, stitchChannelDays, stitchNodeDays, type TChannelDaySummary } from './day-stitch';

const H = 60 * 60 * 1000;
const GAP = 6 * H;
const day = (summary: Partial<TChannelDaySummary>): TChannelDaySummary => ({ ...EMPTY_CHANNEL_DAY, gaps: [], faultyRuns: [], ...summary });
/** A day d (0, 1, 2 ...) with readings from `first` to `last` hours after its start. */
const at = (d: number, hours: number) => (d * 24 + hours) * H;

describe('stitching days into one period', () => {
  it('an excursion that starts on day 0, fills day 1 and ends on day 2 is one excursion', () => {
    const days = [
      day({ readings: 4, judged: 4, outside: 2, first: at(0, 0), last: at(0, 23), excursionTrail: at(0, 20) }),
      day({ readings: 4, judged: 4, outside: 4, first: at(1, 0), last: at(1, 23), excursionLead: { from: at(1, 0), to: null } }),
      day({ readings: 4, judged: 4, outside: 1, first: at(2, 0), last: at(2, 23), excursionLead: { from: at(2, 0), to: at(2, 2) }, excursionsInner: [{ from: at(2, 5), to: at(2, 6) }] }),
    ];
    expect(stitchChannelDays(days, 0, at(3, 0), GAP).excursion).toEqual({ from: at(0, 20), to: at(2, 2) });
  });

  it('an excursion still going at the period end runs until the end; ties keep the earliest', () => {
    const days = [
      day({ readings: 2, judged: 2, first: at(0, 1), last: at(0, 23), excursionsInner: [{ from: at(0, 2), to: at(0, 4) }] }),
      day({ readings: 2, judged: 2, first: at(1, 0), last: at(1, 22), excursionTrail: at(1, 22) }),
    ];
    expect(stitchChannelDays(days, 0, at(2, 0), GAP).excursion).toEqual({ from: at(0, 2), to: at(0, 4) });
    expect(stitchChannelDays(days, 0, at(2, 1), GAP).excursion).toEqual({ from: at(1, 22), to: at(2, 1) });
  });

  it('a day that opens within the limit ends the excursion carried over at its first reading', () => {
    const days = [
      day({ readings: 2, judged: 2, first: at(0, 1), last: at(0, 23), excursionTrail: at(0, 23) }),
      day({ readings: 2, judged: 2, first: at(1, 3), last: at(1, 22) }),
    ];
    expect(stitchChannelDays(days, 0, at(2, 0), GAP).excursion).toEqual({ from: at(0, 23), to: at(1, 3) });
  });

  it('faulty runs across an all-faulty day are one run; a run open at the end has no end', () => {
    const days = [
      day({ readings: 1, faulty: 2, first: at(0, 0), last: at(0, 0), faultyRuns: [{ from: at(0, 22), to: null, continues: false }] }),
      day({ faulty: 96, faultyRuns: [{ from: at(1, 0), to: null, continues: true }] }),
      day({ readings: 3, faulty: 1, first: at(2, 5), last: at(2, 20), faultyRuns: [{ from: at(2, 0), to: at(2, 5), continues: true }, { from: at(2, 21), to: null, continues: false }] }),
    ];
    const stitched = stitchChannelDays(days, 0, at(3, 0), GAP);
    expect(stitched.faultyRuns).toEqual([
      { from: at(0, 22), to: at(2, 5) },
      { from: at(2, 21), to: null },
    ]);
    expect(stitched.faultyReadings).toBe(99);
  });

  it.each([
    { name: 'next reading 2 h later on the next day', nextFirst: at(1, 1), hours: 2 },
    { name: 'next reading 6 h later: the whole bound', nextFirst: at(1, 5), hours: 6 },
    // A gap (more than the bound) is not time in the range (issue 39: 6 h were counted into a 9.25 h gap).
    { name: 'next reading 6 h and a minute later: a gap, nothing', nextFirst: at(1, 5) + 60_000, hours: 0 },
    { name: 'next reading 9.25 h later: a gap, nothing', nextFirst: at(1, 8.25), hours: 0 },
  ])('the last reading of a day in the growth range counts until the next: $name', ({ nextFirst, hours }) => {
    const days = [
      day({ readings: 1, sum: 40, min: 40, max: 40, first: at(0, 23), last: at(0, 23), lastInGrowthRange: true }),
      day({ readings: 1, sum: 60, min: 60, max: 60, first: nextFirst, last: nextFirst }),
    ];
    const stitched = stitchChannelDays(days, 0, at(2, 0), GAP);
    expect(stitched.growthRangeHours).toBeCloseTo(hours, 9);
    expect(stitched).toMatchObject({ readings: 2, min: 40, max: 60, mean: 50 });
  });

  it.each([
    { name: 'the period ends 2 h after it: counts 2 h', end: at(1, 1), hours: 2 },
    { name: 'the period ends 6 h after it: counts 6 h', end: at(1, 5), hours: 6 },
    { name: 'the period ends 7 h after it: a gap to the end, nothing', end: at(1, 6), hours: 0 },
  ])('the last reading of the period in the growth range: $name', ({ end, hours }) => {
    const days = [day({ readings: 1, sum: 40, min: 40, max: 40, first: at(0, 23), last: at(0, 23), lastInGrowthRange: true })];
    expect(stitchChannelDays(days, 0, end, GAP).growthRangeHours).toBeCloseTo(hours, 9);
  });

  it('lists every excursion in time order and keeps the longest (ties: the earliest)', () => {
    const days = [
      day({ readings: 9, judged: 9, outside: 4, first: at(0, 0), last: at(0, 23), excursionsInner: [{ from: at(0, 2), to: at(0, 4) }, { from: at(0, 6), to: at(0, 7) }], excursionTrail: at(0, 22) }),
      day({ readings: 4, judged: 4, outside: 2, first: at(1, 0), last: at(1, 23), excursionLead: { from: at(1, 0), to: at(1, 0.5) }, excursionsInner: [{ from: at(1, 10), to: at(1, 12) }] }),
    ];
    const stitched = stitchChannelDays(days, 0, at(2, 0), GAP);
    expect(stitched.excursions).toEqual([
      { from: at(0, 2), to: at(0, 4) },
      { from: at(0, 6), to: at(0, 7) },
      { from: at(0, 22), to: at(1, 0.5) },
      { from: at(1, 10), to: at(1, 12) },
    ]);
    expect(stitched.excursion).toEqual({ from: at(0, 22), to: at(1, 0.5) });
  });

  it.each([
    { name: 'a gap across midnight longer than the bound', firstNext: at(1, 5) + 1, gaps: [{ from: at(0, 23), to: at(1, 5) + 1 }] },
    { name: 'exactly the bound is no gap', firstNext: at(1, 5), gaps: [] },
  ])('$name', ({ firstNext, gaps }) => {
    const days = [day({ readings: 1, first: at(0, 0), last: at(0, 23) }), day({ readings: 1, first: firstNext, last: at(1, 23) })];
    expect(stitchChannelDays(days, 0, at(2, 0), GAP).gaps).toEqual(gaps);
  });

  it('a node offline until the period end is open; no message at all is offline the whole period', () => {
    expect(stitchNodeDays([{ first: at(0, 0), last: at(0, 10), gaps: [] }], 0, at(1, 0), GAP)).toEqual([{ from: at(0, 10), to: null }]);
    expect(stitchNodeDays([], 0, at(1, 0), GAP)).toEqual([{ from: 0, to: null }]);
  });
});
