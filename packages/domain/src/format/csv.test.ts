import { describe, expect, it } from 'vitest';
import { csvField, csvFile, csvLine, csvText } from './csv';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('csvField(%j) = %j', (value, expected) => expect(csvField(value)).toBe(expected));

  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+31 6', "'+31 6"],
    ['-1', "'-1"],
    ['@user', "'@user"],
    ['Keuken; 1e', '"Keuken; 1e"'],
    [null, ''],
  ])('csvText(%j) = %j', (value, expected) => expect(csvText(value)).toBe(expected));

  it('joins fields with semicolons and lines with CRLF after a byte order mark', () => {
    expect(csvFile([csvLine(['a', 'b']), csvLine(['1,5', ''])])).toBe('\uFEFFa;b\r\n1,5;\r\n');
  });
});
