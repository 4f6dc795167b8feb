import { describe, expect, it } from 'vitest';
import { clientPage, compareValues, matchesSearch, sortRows, type TValueColumn } from './client-rows';

interface TRow {
  name: string;
  city: string | null;
  sync: number;
  customers?: string[];
}

const columns: TValueColumn<TRow>[] = [{ field: 'name' }, { field: 'city' }, { field: 'sync', searchValue: false }, { field: 'customers' }];

const rows: TRow[] = [
  { name: 'Node 10', city: 'Utrecht', sync: 1 },
  { name: 'Node 2', city: 'Den Haag', sync: 0 },
  { name: 'Zwembad', city: null, sync: -1, customers: ['Gemeente Utrecht'] },
  { name: 'école', city: 'Maastricht', sync: 1 },
];

describe('search', () => {
  it.each([
    ['', 4],
    ['utrecht', 2],
    ['UTRECHT node', 1],
    ['ecole', 1],
    ['den haag', 1],
    ['1', 1],
    ['-1', 0],
    ['nothing', 0],
  ])('%j finds %i rows', (search, count) => {
    expect(rows.filter((row) => matchesSearch(row, columns, search))).toHaveLength(count);
  });
});

describe('sort', () => {
  it('sorts names naturally and keeps empty values last', () => {
    expect(sortRows(rows, columns, { field: 'name', direction: 'asc' }).map((row) => row.name)).toEqual([
      'école',
      'Node 2',
      'Node 10',
      'Zwembad',
    ]);
    expect(sortRows(rows, columns, { field: 'city', direction: 'desc' }).map((row) => row.city)).toEqual([
      'Utrecht',
      'Maastricht',
      'Den Haag',
      null,
    ]);
  });

  it('uses a column sortValue', () => {
    const byLength: TValueColumn<TRow>[] = [{ field: 'name', sortValue: (row) => row.name.length }];
    expect(sortRows(rows, byLength, { field: 'name', direction: 'asc' }).map((row) => row.name)[0]).toBe('école');
  });

  it.each([
    [1, 2, -1],
    ['b', 'a', 1],
    [null, 'a', 1],
    ['a', undefined, -1],
    [null, undefined, 0],
  ])('compares %j and %j', (a, b, sign) => {
    expect(Math.sign(compareValues(a, b))).toBe(sign);
  });
});

describe('clientPage', () => {
  const many = Array.from({ length: 60 }, (_, index) => ({ name: `Node ${index + 1}`, city: index % 2 ? 'Utrecht' : 'Delft', sync: 1 }));

  it.each([
    [0, 25, '', 25, 60, 'Node 1'],
    [2, 25, '', 10, 60, 'Node 51'],
    [0, 25, 'utrecht', 25, 30, 'Node 2'],
    [1, 25, 'utrecht', 5, 30, 'Node 52'],
    [0, 100, '', 60, 60, 'Node 1'],
  ])('page %i of %i with search %j has %i rows of %i', (page, pageSize, search, length, total, first) => {
    const result = clientPage(many, columns, { page, pageSize, search, sort: { field: 'name', direction: 'asc' } });
    expect(result.rows).toHaveLength(length);
    expect(result.total).toBe(total);
    expect(result.rows[0].name).toBe(first);
  });
});
