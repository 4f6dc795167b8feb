import { describe, expect, it } from 'vitest';
import { outletCsvColumns, readOutletCsvRow } from './outlet-csv';
import { ZOutletBody } from './outlet';

describe('the outlet CSV header', () => {
  it('reads Dutch, English and German names in any order', () => {
    expect(outletCsvColumns(['Naam', 'Ruimte', 'Verdieping', 'Soort', 'Water', 'Sentinel', 'Weinig gebruikt', 'Node', 'Kanaal', 'Monsterpunt', 'Opmerking'])).toEqual({
      columns: ['name', 'room', 'floor', 'kind', 'water', 'sentinel', 'littleUsed', 'eui', 'channelId', 'samplePoint', null],
    });
    expect(outletCsvColumns(['Wasser', 'Art', 'Zapfstelle', 'Selten genutzt'])).toEqual({ columns: ['water', 'kind', 'name', 'littleUsed'] });
  });

  it.each([
    [['name', 'kind'], 'water', 'validation.required'],
    [['name', 'water'], 'kind', 'validation.required'],
    [['name', 'kind', 'water', 'Naam'], 'name', 'validation.invalid'],
  ])('%o refused on line 1 (%s)', (cells, field, key) => {
    expect(outletCsvColumns(cells)).toEqual({ issue: { line: 1, field, key } });
  });
});

describe('an outlet CSV line', () => {
  const good = { name: 'Douche 1.12', room: 'Kamer 12', floor: '1', kind: 'Douche', water: 'Warm', sentinel: 'verst', littleUsed: 'ja', eui: '70b3d5ffff000001', channelId: 'temperature1', samplePoint: 'Douche hoog' };

  it('reads the words of the three languages', () => {
    expect(readOutletCsvRow(2, good)).toEqual({
      row: { line: 2, name: 'Douche 1.12', room: 'Kamer 12', floor: '1', kind: 'shower', water: 'hot', sentinel: 'furthest', littleUsed: true, eui: '70B3D5FFFF000001', channelId: 'temperature1', samplePoint: 'Douche hoog' },
    });
    expect(readOutletCsvRow(3, { name: 'TMV 2', kind: 'TMV', water: 'gemischt' })).toEqual({
      row: { line: 3, name: 'TMV 2', room: null, floor: null, kind: 'tmv', water: 'mixed', sentinel: 'none', littleUsed: false, eui: null, channelId: null, samplePoint: null },
    });
    expect(readOutletCsvRow(4, { name: 'Main', kind: 'incoming main', water: 'cold', sentinel: 'nearest' })).toMatchObject({ row: { kind: 'coldInlet', sentinel: 'nearest' } });
  });

  it.each([
    [{ name: '' }, 'name', 'validation.required'],
    [{ name: 'x'.repeat(101) }, 'name', 'validation.invalid'],
    [{ room: 'r'.repeat(101) }, 'room', 'validation.invalid'],
    [{ kind: '' }, 'kind', 'validation.required'],
    [{ kind: 'bath' }, 'kind', 'validation.oneOf'],
    [{ water: 'lukewarm' }, 'water', 'validation.oneOf'],
    [{ sentinel: 'middle' }, 'sentinel', 'validation.oneOf'],
    [{ littleUsed: 'sometimes' }, 'littleUsed', 'validation.oneOf'],
    [{ eui: '70b3' }, 'eui', 'validation.invalid'],
    [{ channelId: 'flow1' }, 'channelId', 'validation.invalid'],
    [{ eui: '', channelId: 'temperature2' }, 'eui', 'validation.required'],
  ])('%o: refused on %s with %s', (change, field, key) => {
    expect(readOutletCsvRow(7, { ...good, ...change })).toEqual({ issue: { line: 7, field, key } });
  });
});

describe('the outlet body', () => {
  it('defaults sentinel none and not little used; a channel needs its node', () => {
    expect(ZOutletBody.parse({ name: ' Wastafel 3 ', kind: 'washbasinTap', water: 'cold' })).toEqual({ name: 'Wastafel 3', kind: 'washbasinTap', water: 'cold', sentinel: 'none', littleUsed: false });
    const noNode = ZOutletBody.safeParse({ name: 'W', kind: 'sink', water: 'hot', channelId: 'temperature1' });
    expect(noNode.error?.issues[0]).toMatchObject({ path: ['eui'], message: 'validation.required' });
    expect(ZOutletBody.safeParse({ name: 'W', kind: 'bath', water: 'hot' }).error?.issues[0]).toMatchObject({ path: ['kind'], message: 'validation.oneOf' });
  });
});
