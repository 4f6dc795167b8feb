import { describe, expect, it } from 'vitest';
import { pointCsvColumns } from './point-csv';

describe("the sample points' CSV header", () => {
  it.each<[string, readonly string[], unknown]>([
    ['our names', ['name', 'role', 'priority', 'eui', 'channelId'], { columns: ['name', 'role', 'priority', 'eui', 'channelId'] }],
    // Issue 41 ("Words"): the portal says "Monsterpunt"; files written before still say "Tappunt".
    ['the Dutch word "Monsterpunt"', ['Monsterpunt', 'Rol', 'Prioriteit'], { columns: ['name', 'role', 'priority'] }],
    ['the old Dutch word "Tappunt"', ['Tappunt', 'Rol', 'Prioriteit'], { columns: ['name', 'role', 'priority'] }],
    ['"Naam"', ['Naam', 'Soort', 'Node', 'Kanaal'], { columns: ['name', 'role', 'eui', 'channelId'] }],
    ['English', ['Sample point', 'Role'], { columns: ['name', 'role'] }],
    ['German', ['Entnahmestelle', 'role', 'Priorität', 'Bemerkung'], { columns: ['name', 'role', 'priority', null] }],
    ['German (Probenahmestelle)', ['Probenahmestelle', 'role'], { columns: ['name', 'role'] }],
    ['case, spaces and dashes ignored', ['MONSTER-PUNT', ' rol '], { columns: ['name', 'role'] }],
    ['both words name the same column: refused', ['Monsterpunt', 'Tappunt', 'Rol'], { issue: { line: 1, field: 'name', key: 'validation.invalid' } }],
    ['no name', ['Rol', 'Prioriteit'], { issue: { line: 1, field: 'name', key: 'validation.required' } }],
  ])('%s', (_name, cells, expected) => {
    expect(pointCsvColumns(cells)).toEqual(expected);
  });
});
