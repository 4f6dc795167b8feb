import { describe, expect, it } from 'vitest';
import type { TCalibrationLogRow } from '@aquasmart/domain';
import { calibrationCsv, calibrationCsvFileName, csvChannel, csvDate, csvField, csvNumber, csvText } from './calibration-csv';

const row: TCalibrationLogRow = {
  ts: '2026-03-04T05:06:07.000Z',
  name: 'Douche kleedkamer 2',
  eui: '70b3d57ed0001234',
  customer: 'Gemeente Utrecht',
  location: 'Zwembad De Kromme Rijn',
  channel: 'temperature1',
  measured: 59.7,
  calibrated: 60,
  offset: -0.3,
};

describe('calibration CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['zeg "ja"', '"zeg ""ja"""'],
    ['twee\r\nregels', '"twee\r\nregels"'],
    ['regel\nnieuw', '"regel\nnieuw"'],
    ['', ''],
    ['Café Ñandú', 'Café Ñandú'],
  ])('quotes the field %j as %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+31 6', "'+31 6"],
    ['-1', "'-1"],
    ['@home', "'@home"],
    ['=a;b', `"'=a;b"`],
    ['Kraan 1', 'Kraan 1'],
    [null, ''],
  ])('keeps user text %j from running as a formula: %j', (input, expected) => {
    expect(csvText(input)).toBe(expected);
  });

  it.each([
    [59.7, '59,7'],
    [60, '60'],
    [-0.3, '-0,3'],
    [0, '0'],
    [Number.NaN, ''],
  ])('writes %d with a decimal comma as %j', (input, expected) => {
    expect(csvNumber(input)).toBe(expected);
  });

  it.each([
    ['temperature1', 'Temperatuur 1'],
    ['temperature3', 'Temperatuur 3'],
    ['battery', 'battery'],
  ])('names channel %j %j', (input, expected) => {
    expect(csvChannel(input)).toBe(expected);
  });

  it('writes dates as local dd-mm-yyyy hh:mm:ss', () => {
    const local = new Date(2026, 0, 2, 3, 4, 5);
    expect(csvDate(local.toISOString())).toBe('02-01-2026 03:04:05');
    expect(csvDate('not a date')).toBe('not a date');
  });

  it('starts with a BOM and the header, ends every line with CRLF', () => {
    const text = calibrationCsv([row, { ...row, name: 'Kraan "oost"; boven', customer: null, location: null }]);
    expect(text.startsWith('\uFEFFDatum;Naam;EUI;Klant;Locatie;Kanaal;Meetwaarde;Ijkwaarde;Afwijking\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toBe(
      `${csvDate(row.ts)};Douche kleedkamer 2;70b3d57ed0001234;Gemeente Utrecht;Zwembad De Kromme Rijn;Temperatuur 1;59,7;60;-0,3`,
    );
    expect(lines[2]).toBe(`${csvDate(row.ts)};"Kraan ""oost""; boven";70b3d57ed0001234;;;Temperatuur 1;59,7;60;-0,3`);
  });

  it('writes only the header for an empty log', () => {
    expect(calibrationCsv([])).toBe('\uFEFFDatum;Naam;EUI;Klant;Locatie;Kanaal;Meetwaarde;Ijkwaarde;Afwijking\r\n');
  });

  it('makes a safe file name', () => {
    expect(calibrationCsvFileName(['Gemeente Utrecht', 'A/B'], new Date(2026, 10, 22))).toBe('kalibratie-Gemeente_Utrecht-A_B-20261122.csv');
  });
});
