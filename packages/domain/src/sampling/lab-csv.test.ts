import { describe, expect, it } from 'vitest';
import { csvHeaderCells, csvSeparator, groupLabRows, labCsvColumnOf, labCsvColumns, parseLabNumber, parseLabTime, readLabCsvRow, type TLabCsvRow } from './lab-csv';

const ZONE = 'Europe/Amsterdam';

describe('the lab CSV', () => {
  it('reads our header and the Dutch and German names of other layouts', () => {
    expect(labCsvColumns(['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'])).toEqual({ columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'] });
    expect(labCsvColumns(['Monsternummer', 'Tappunt', 'Datum', 'Laboratorium', 'Resultaat', 'Eenheid', 'Opmerking'])).toEqual({ columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit', null] });
    expect(labCsvColumns(['Monsternummer', 'Monsterpunt', 'Datum', 'Laboratorium', 'Resultaat', 'Eenheid'])).toEqual({ columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'] });
    expect(labCsvColumns(['Probennummer', 'Entnahmestelle', 'Entnahmedatum', 'Labor', 'Ergebnis', 'Einheit'])).toMatchObject({ columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'] });
    expect(labCsvColumns(['sampleId', 'point', 'takenAt', 'lab', 'count'])).toEqual({ issue: { line: 1, field: 'unit', key: 'validation.required' } });
    expect(labCsvColumns(['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit', 'eenheid'])).toEqual({ issue: { line: 1, field: 'unit', key: 'validation.invalid' } });
  });

  it.each([
    ['semicolons (a Dutch file with decimal commas)', 'Monster;Tappunt;Temp\nM-1;Douche;40,3\n', ';', ['Monster', 'Tappunt', 'Temp']],
    ['commas', 'sampleId,point,count\r\n', ',', ['sampleId', 'point', 'count']],
    ['tabs', 'sampleId\tpoint\tcount\n', '\t', ['sampleId', 'point', 'count']],
    ['a byte-order mark, blank lines, quotes and a quoted separator', '\uFEFF\n\n"Analysenr";"Resultaat; kve/l";"Zeg ""ja"""\n', ';', ['Analysenr', 'Resultaat; kve/l', 'Zeg "ja"']],
    ['a tie: semicolon', 'a;b,c\n', ';', ['a', 'b,c']],
    ['one column', 'sampleId\n', ';', ['sampleId']],
    ['empty', '', ';', []],
  ])('the header of %s', (_name, text, separator, cells) => {
    expect(csvSeparator(text)).toBe(separator);
    expect(csvHeaderCells(text)).toEqual(cells);
  });

  it.each([
    ['Monsternummer', 'sampleId'],
    // The sample point's Dutch word: "Monsterpunt" now, "Tappunt" in files from before issue 41 ("Words").
    ['Monsterpunt', 'point'],
    ['Tappunt', 'point'],
    ['monster punt', 'point'],
    ['Sample point', 'point'],
    ['Entnahmestelle', 'point'],
    ['Probenahmestelle', 'point'],
    ['SAMPLE-ID', 'sampleId'],
    ['Water-temperatuur', 'waterCelsius'],
    ['Opmerking', null],
  ])('header %j names %j by itself', (header, column) => {
    expect(labCsvColumnOf(header)).toBe(column);
  });

  describe('a mapping for another layout (our field -> their header)', () => {
    const THEIRS = ['Analysenummer', 'Locatie', 'Bemonsteringsdatum', 'Uitvoerend lab', 'Legionella (kve/l)', 'Maat', 'Datum rapport'];
    const MAPPING = { sampleId: 'Analysenummer', point: 'locatie', takenAt: 'Bemonsteringsdatum', lab: 'Uitvoerend lab', count: 'Legionella (kve/l)', unit: 'Maat' };

    it.each<[string, readonly string[], Record<string, string>, unknown]>([
      ['maps every required field; other headers ignored', THEIRS, MAPPING, { columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit', null] }],
      // "Datum rapport" is no standard name; "Datum" would be, but takenAt is mapped, so it is ignored.
      ['a standard name of a mapped field is ignored', [...THEIRS.slice(0, 6), 'Datum'], MAPPING, { columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit', null] }],
      ['unmapped fields are found by their names', ['Analysenummer', 'Tappunt', 'Datum', 'Lab', 'Uitslag', 'Eenheid'], { sampleId: 'Analysenummer', lab: 'Lab', count: 'Uitslag' }, { columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'] }],
      ['headers match ignoring case, spaces and dashes', ['SAMPLE-NR', 'Tappunt', 'Datum', 'Laboratorium', 'Resultaat', 'Eenheid'], { sampleId: 'sample nr' }, { columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'] }],
      ['an empty mapping is the standard layout', ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'], {}, { columns: ['sampleId', 'point', 'takenAt', 'lab', 'count', 'unit'] }],
      ['an unknown field', THEIRS, { ...MAPPING, legionella: 'Maat' }, { issue: { line: null, field: 'mapping.legionella', key: 'validation.mappingFieldUnknown' } }],
      ['a header the file does not have', THEIRS, { ...MAPPING, count: 'Resultaat' }, { issue: { line: null, field: 'mapping.count', key: 'validation.mappingHeaderMissing' } }],
      ['an empty header', THEIRS, { ...MAPPING, count: ' ' }, { issue: { line: null, field: 'mapping.count', key: 'validation.mappingHeaderMissing' } }],
      ['one header for two fields', THEIRS, { ...MAPPING, accreditation: 'Uitvoerend lab' }, { issue: { line: null, field: 'mapping.accreditation', key: 'validation.mappingHeaderTwice' } }],
      ['a required field neither mapped nor named', THEIRS, { sampleId: 'Analysenummer' }, { issue: { line: 1, field: 'point', key: 'validation.required' } }],
    ])('%s', (_name, header, mapping, expected) => {
      expect(labCsvColumns(header, mapping)).toEqual(expected);
    });
  });

  it.each([
    ['1200', 1200],
    ['1.200', 1200],
    ['12.000.000', 12_000_000],
    ['1,5', 1.5],
    ['1,500', 1500],
    ['40,3', 40.3],
    ['1.5', 1.5],
    ['', null],
    ['veel', Number.NaN],
  ])('number %j is %j', (text, value) => {
    expect(parseLabNumber(text)).toEqual(value);
  });

  it.each([
    ['2026-03-31T09:15:00+02:00', '2026-03-31T07:15:00.000Z'],
    ['2026-03-31T07:15:00Z', '2026-03-31T07:15:00.000Z'],
    ['2026-03-31 09:15', '2026-03-31T07:15:00.000Z'],
    ['31-01-2026 09:15', '2026-01-31T08:15:00.000Z'],
    ['31.01.2026', '2026-01-30T23:00:00.000Z'],
    ['2026-02-30', null],
    ['gisteren', null],
  ])('time %j in Amsterdam is %j', (text, iso) => {
    const ms = parseLabTime(text, ZONE);
    expect(ms === null ? null : new Date(ms).toISOString()).toBe(iso);
  });

  const cells = { sampleId: 'M-1', point: 'Douche 1', takenAt: '2026-03-31 09:15', lab: 'Lab Noord', count: '1.200', unit: 'kve/l' };

  it('reads a line; "<100" and "n.d." are not detected', () => {
    expect(readLabCsvRow(2, cells, ZONE)).toMatchObject({ row: { line: 2, sampleId: 'M-1', method: 'ISO 11731', count: { species: 'Legionella spp.', count: 1200, unit: 'kve/l', detectionLimit: null } } });
    expect(readLabCsvRow(2, { ...cells, count: '<100' }, ZONE)).toMatchObject({ row: { count: { count: null, detectionLimit: 100 } } });
    expect(readLabCsvRow(2, { ...cells, count: 'n.d.', detectionLimit: '50' }, ZONE)).toMatchObject({ row: { count: { count: null, detectionLimit: 50 } } });
    expect(readLabCsvRow(2, { ...cells, count: 'niet aangetoond' }, ZONE)).toMatchObject({ row: { count: { count: null } } });
  });

  it.each([
    [{ count: 'veel' }, 'count', 'validation.number'],
    [{ count: '-5' }, 'count', 'validation.number'],
    [{ count: '' }, 'count', 'validation.required'],
    [{ unit: 'mg/l' }, 'unit', 'validation.oneOf'],
    [{ takenAt: '31/31/2026' }, 'takenAt', 'validation.dateTime'],
    [{ point: '' }, 'point', 'validation.required'],
    [{ waterCelsius: 'warm' }, 'waterCelsius', 'validation.number'],
  ])('a bad cell %j answers its line and field', (bad, field, key) => {
    expect(readLabCsvRow(7, { ...cells, ...bad }, ZONE)).toEqual({ issue: { line: 7, field, key } });
  });

  it('groups the lines of one sample into one result; a line of the sample naming another point is the issue', () => {
    const row = (line: number, sampleId: string, point = 'Douche 1') => (readLabCsvRow(line, { ...cells, sampleId, point }, ZONE) as { row: TLabCsvRow }).row;
    const grouped = groupLabRows([row(2, 'M-1'), row(3, 'M-2'), row(4, 'M-1')]);
    expect('results' in grouped && grouped.results.map((result) => [result.sampleId, result.line, result.counts.length])).toEqual([
      ['M-1', 2, 2],
      ['M-2', 3, 1],
    ]);
    expect(groupLabRows([row(2, 'M-1'), row(3, 'M-1', 'Douche 2')])).toEqual({ issue: { line: 3, field: 'point', key: 'validation.samplePointDiffers' } });
  });
});
