import { describe, expect, it } from 'vitest';
import type { TOutlet } from '@aquasmart/domain';
import { PLANS } from './outlets.fixture';
import { outletBody, outletFormValues, outletPlace, planOverrides, planRows, type TPlanRow } from './outlet-form';

const OUTLET: TOutlet = {
  id: 7,
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  name: 'Douche 3',
  room: 'Kleedkamer heren',
  floor: null,
  kind: 'shower',
  water: 'mixed',
  sentinel: 'furthest',
  littleUsed: true,
  eui: '0004A30B001C2D3E',
  channelId: 'temperature2',
  samplePointId: 4,
  flushedByNode: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  checks: [],
};

describe('the outlet form', () => {
  it('an outlet read back is the same outlet sent', () => {
    expect(outletBody(outletFormValues(OUTLET))).toEqual({
      body: { name: 'Douche 3', room: 'Kleedkamer heren', floor: null, kind: 'shower', water: 'mixed', sentinel: 'furthest', littleUsed: true, eui: '0004A30B001C2D3E', channelId: 'temperature2', samplePointId: 4 },
      errors: {},
    });
  });

  it.each<[string, Partial<ReturnType<typeof outletFormValues>>, Record<string, unknown>]>([
    ['empty room and floor are null (an edit clears them)', { room: '  ', floor: '' }, { room: null, floor: null }],
    ['no node unlinks the channel too', { eui: '', channelId: 'temperature2' }, { eui: null, channelId: null }],
    ['no sample point is null', { samplePointId: '' }, { samplePointId: null }],
    ['names are trimmed', { name: '  Wastafel 1 ' }, { name: 'Wastafel 1' }],
  ])('%s', (_name, change, expected) => {
    expect(outletBody({ ...outletFormValues(OUTLET), ...change }).body).toMatchObject(expected);
  });

  it.each<[string, Partial<ReturnType<typeof outletFormValues>>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'validation.required' }],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, { name: 'validation.tooLong?max=100' }],
    ['a room on two lines', { room: 'a\nb' }, { room: 'validation.singleLine' }],
  ])('refuses %s at its field', (_name, change, errors) => {
    const { body, errors: found } = outletBody({ ...outletFormValues(OUTLET), ...change });
    expect(body).toBeNull();
    expect(found).toMatchObject(errors);
  });

  it('a new outlet starts as a hot washbasin tap, no sentinel, not little used', () => {
    expect(outletFormValues(null)).toMatchObject({ name: '', kind: 'washbasinTap', water: 'hot', sentinel: 'none', littleUsed: false, eui: '', samplePointId: '' });
  });

  it.each<[Pick<TOutlet, 'room' | 'floor'>, string | null]>([
    [{ room: 'Kleedkamer', floor: '1' }, 'Kleedkamer, verdieping 1'],
    [{ room: 'Kleedkamer', floor: null }, 'Kleedkamer'],
    [{ room: null, floor: '0' }, 'verdieping 0'],
    [{ room: null, floor: null }, null],
  ])('the place of %j is %j', (outlet, expected) => {
    expect(outletPlace(outlet, (floor) => `verdieping ${floor}`)).toBe(expected);
  });
});


describe('the check plan form', () => {
  it("reads the plans: the location's own period, the rulebook's as empty", () => {
    expect(planRows(PLANS)).toEqual([
      { check: 'sentinelTemperature', on: true, count: '', unit: 'months' },
      { check: 'showerheadDescaling', on: true, count: '6', unit: 'months' },
      { check: 'littleUsedFlush', on: false, count: '', unit: 'days' },
    ]);
  });

  it('names every check: off, and a period only where one was typed', () => {
    expect(planOverrides(planRows(PLANS))).toEqual({
      overrides: [
        { check: 'sentinelTemperature', off: false, period: null },
        { check: 'showerheadDescaling', off: false, period: { unit: 'months', count: 6 } },
        { check: 'littleUsedFlush', off: true, period: null },
      ],
      errors: {},
    });
  });

  // The boundaries of ZCheckPeriod: 1 to 60 months, 1 to 366 days.
  it.each<[string, TCheckPlanRowChange, string | null]>([
    ['60 months', { count: '60', unit: 'months' }, null],
    ['61 months', { count: '61', unit: 'months' }, 'validation.range?min=1&max=60'],
    ['366 days', { count: '366', unit: 'days' }, null],
    ['367 days', { count: '367', unit: 'days' }, 'validation.range?min=1&max=366'],
    ['0 days', { count: '0', unit: 'days' }, 'validation.range?min=1&max=366'],
    ['1.5 months', { count: '1,5', unit: 'months' }, 'validation.integer'],
    ['a word', { count: 'vaak', unit: 'months' }, 'validation.integer'],
  ])('%s', (_name, change, error) => {
    const rows: TPlanRow[] = [{ check: 'tmvService', on: true, count: '', unit: 'months' }];
    const { overrides, errors } = planOverrides([{ ...rows[0], ...change }]);
    expect(errors.tmvService ?? null).toBe(error);
    expect(overrides === null).toBe(error !== null);
  });
});
type TCheckPlanRowChange = Partial<TPlanRow>;
