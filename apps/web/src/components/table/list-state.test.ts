import { describe, expect, it } from 'vitest';
import {
  displayedRange,
  lastPage,
  readPage,
  readRowsPerPage,
  readSearch,
  ROWS_PER_PAGE_STORAGE_PREFIX,
  withPage,
  withSearch,
  writeRowsPerPage,
} from './list-state';

describe('page and search in the address query', () => {
  it.each([
    ['', 0],
    ['?page=1', 0],
    ['?page=2', 1],
    ['?page=10&search=x', 9],
    ['?page=0', 0],
    ['?page=-3', 0],
    ['?page=abc', 0],
    ['?page=2.5', 0],
  ])('%s is the 0-based page %i', (query, page) => {
    expect(readPage(new URLSearchParams(query))).toBe(page);
  });

  it.each([
    ['', 0, ''],
    ['', 1, 'page=2'],
    ['search=Utrecht', 2, 'search=Utrecht&page=3'],
    ['page=4&search=a', 0, 'search=a'],
    ['customer=A', 1, 'customer=A&page=2'],
  ])('query %j with page %i becomes %j', (query, page, expected) => {
    expect(withPage(new URLSearchParams(query), page).toString()).toBe(expected);
  });

  it.each([
    ['', 'Utrecht', 'search=Utrecht'],
    ['page=3', 'Utrecht', 'search=Utrecht'],
    ['page=3&search=old', '  new  ', 'search=new'],
    ['page=3&search=old', '', ''],
    ['customer=A&page=2', 'x y', 'customer=A&search=x+y'],
  ])('query %j with search %j becomes %j (a new search starts on page 1)', (query, search, expected) => {
    expect(withSearch(new URLSearchParams(query), search).toString()).toBe(expected);
  });

  it('reads the search text', () => {
    expect(readSearch(new URLSearchParams('search=Gemeente%20Utrecht'))).toBe('Gemeente Utrecht');
    expect(readSearch(new URLSearchParams(''))).toBe('');
  });
});

describe('rows per page in session storage, per route', () => {
  it('defaults to 25', () => {
    expect(readRowsPerPage('customers')).toBe(25);
  });

  it.each([25, 50, 100])('remembers %i per route', (size) => {
    writeRowsPerPage('customers', size);
    expect(window.sessionStorage.getItem(`${ROWS_PER_PAGE_STORAGE_PREFIX}customers`)).toBe(String(size));
    expect(readRowsPerPage('customers')).toBe(size);
    expect(readRowsPerPage('locations')).toBe(25);
  });

  it.each(['10', '1000', 'abc', ''])('ignores a stored %j', (stored) => {
    window.sessionStorage.setItem(`${ROWS_PER_PAGE_STORAGE_PREFIX}nodes`, stored);
    expect(readRowsPerPage('nodes')).toBe(25);
  });

  it('does not store sizes outside 25/50/100', () => {
    writeRowsPerPage('nodes', 30);
    expect(window.sessionStorage.getItem(`${ROWS_PER_PAGE_STORAGE_PREFIX}nodes`)).toBeNull();
  });
});

describe("the footer's 'x - y of total'", () => {
  it.each([
    [0, 25, 120, { from: 1, to: 25, count: 120 }],
    [1, 25, 120, { from: 26, to: 50, count: 120 }],
    [4, 25, 120, { from: 101, to: 120, count: 120 }],
    [0, 50, 7, { from: 1, to: 7, count: 7 }],
    [0, 25, 0, { from: 0, to: 0, count: 0 }],
  ])('page %i of %i rows with %i in total', (page, size, total, range) => {
    expect(displayedRange(page, size, total)).toEqual(range);
  });

  it.each([
    [25, 0, 0],
    [25, 25, 0],
    [25, 26, 1],
    [100, 120, 1],
    [50, 120, 2],
  ])('with %i per page and %i rows the last page is %i', (size, total, last) => {
    expect(lastPage(size, total)).toBe(last);
  });
});
