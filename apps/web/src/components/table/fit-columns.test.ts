import { describe, expect, it } from 'vitest';
import { hiddenColumns } from './fit-columns';

const COLUMNS = [
  { field: 'name', minWidth: 120 },
  { field: 'reference', minWidth: 110 },
  { field: 'address', minWidth: 150 },
  { field: 'sync', width: 60, importance: 1 },
  { field: 'online', width: 80, importance: 1 },
  { field: 'channels', width: 80, importance: 2 },
];

describe('hiddenColumns: a list no wider than its box', () => {
  it.each([
    ['unknown width: everything', 0, []],
    ['wide: everything', 600, []],
    ['exactly wide enough', 600, []],
    ['one pixel short: the last of the unranked goes', 599, ['address']],
    ['a phone: name, state and counts', 262, ['reference', 'address', 'channels']],
    ['state and online, not channels', 261, ['reference', 'address', 'channels']],
    ['narrower: only what fits in importance order', 200, ['reference', 'address', 'online', 'channels']],
    ['the name always stays', 50, ['reference', 'address', 'sync', 'online', 'channels']],
  ] as const)('%s (%i px)', (_case, width, hidden) => {
    expect(hiddenColumns(COLUMNS, width)).toEqual(hidden);
  });

  it('keeps importance order: a narrow column after a wide one that did not fit stays hidden', () => {
    expect(hiddenColumns([{ field: 'a', width: 100 }, { field: 'b', width: 200 }, { field: 'c', width: 10 }], 150)).toEqual(['b', 'c']);
  });
});
